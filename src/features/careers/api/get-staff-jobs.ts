import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { staffJobListSchema, staffJobSchema, type JOB_SORTS } from '@/contract/careers-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffJobFilters {
  page: number
  search: string
  active?: boolean | undefined
  sort: (typeof JOB_SORTS)[number]
}

export const jobQuery = (filters: StaffJobFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffJobsQueryOptions = (filters: StaffJobFilters) =>
  queryOptions({
    queryKey: ['staff', 'jobs', jobQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/content/jobs/', {
        schema: staffJobListSchema,
        auth: true,
        query: jobQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffJobs = (filters: StaffJobFilters) => useQuery(staffJobsQueryOptions(filters))

export const staffJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'job', id],
    queryFn: () => apiRequest(`/api/staff/content/jobs/${id}/`, { schema: staffJobSchema, auth: true }),
  })

export const useStaffJob = (id: number) => useQuery(staffJobQueryOptions(id))
