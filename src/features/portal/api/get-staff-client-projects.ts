import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ProjectStatus } from '@/contract/portal'
import {
  staffProjectDetailSchema,
  staffProjectListSchema,
  type STAFF_PROJECT_SORTS,
} from '@/contract/portal-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffProjectFilters {
  page: number
  search: string
  status?: ProjectStatus | undefined
  client?: number | undefined
  sort: (typeof STAFF_PROJECT_SORTS)[number]
}

export const projectQuery = (filters: StaffProjectFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffProjectsQueryOptions = (filters: StaffProjectFilters) =>
  queryOptions({
    queryKey: ['staff', 'projects', projectQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/projects/', {
        schema: staffProjectListSchema,
        auth: true,
        query: projectQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffProjects = (filters: StaffProjectFilters) => useQuery(staffProjectsQueryOptions(filters))

export const staffProjectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'project', id],
    queryFn: () => apiRequest(`/api/staff/projects/${id}/`, { schema: staffProjectDetailSchema, auth: true }),
  })

export const useStaffProject = (id: number) => useQuery(staffProjectQueryOptions(id))
