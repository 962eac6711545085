import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { projectListSchema } from '@/contract/projects'
import { apiRequest } from '@/lib/api-client'

export interface ProjectsFilter {
  page: number
  search?: string | undefined
  /** The profile (product category) id. */
  profile?: number | undefined
}

export function getProjects({ page, search, profile }: ProjectsFilter) {
  return apiRequest('/api/public/projects/', {
    schema: projectListSchema,
    // Search only when non-blank (spec 000 §7).
    query: { page, search: search?.trim() || undefined, product_category__id: profile },
  })
}

// Marketing data: never persisted (no meta.persist).
export const projectsQueryOptions = (filter: ProjectsFilter) =>
  queryOptions({
    queryKey: ['projects', 'list', filter],
    queryFn: () => getProjects(filter),
    // The previous page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  })

export function useProjects(filter: ProjectsFilter) {
  return useQuery(projectsQueryOptions(filter))
}
