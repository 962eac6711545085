import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { careersMessages, jobListSchema } from '@/contract/careers'
import { apiRequest } from '@/lib/api-client'
import { fetchFailure } from './fetch-failure'

/** One page of open positions; the list screen filters that page itself (spec 000 §2). */
export async function getJobs(page: number) {
  try {
    return await apiRequest('/api/public/careers/', { schema: jobListSchema, query: { page } })
  } catch (error) {
    throw fetchFailure(error, careersMessages.fetchCareers)
  }
}

export const jobsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['careers', 'list', page],
    queryFn: () => getJobs(page),
    placeholderData: keepPreviousData,
  })

export function useJobs(page: number) {
  return useQuery(jobsQueryOptions(page))
}
