import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  publicProjectOptionsSchema,
  staffPublicProjectListSchema,
  staffPublicProjectSchema,
  type CreatePublicProjectInput,
  type PUBLIC_PROJECT_SORTS,
  type StaffPublicProject,
  type UpdatePublicProjectInput,
} from '@/contract/projects-staff'
import { apiRequest } from '@/lib/api-client'
import { contentKindApi } from '@/components/staff/api/content-kind'

export interface StaffPortfolioProjectFilters extends Record<string, string | number | boolean | undefined> {
  page: number
  search: string
  active?: boolean | undefined
  category?: number | undefined
  sort: (typeof PUBLIC_PROJECT_SORTS)[number]
}

/** The portfolio projects of /projects, as the console lists and edits them. */
export const staffPortfolioProjectsApi = contentKindApi<
  StaffPublicProject,
  StaffPortfolioProjectFilters,
  CreatePublicProjectInput,
  UpdatePublicProjectInput
>({
  path: 'projects',
  key: 'public-project',
  itemSchema: staffPublicProjectSchema,
  listSchema: staffPublicProjectListSchema,
})

/** Profiles and known tools for the project form and the list's filter. */
export const usePortfolioProjectOptions = () =>
  useQuery(
    queryOptions({
      queryKey: ['staff', 'project-options'],
      queryFn: () =>
        apiRequest('/api/staff/content/project-options/', { schema: publicProjectOptionsSchema, auth: true }),
      staleTime: 60_000,
    }),
  )
