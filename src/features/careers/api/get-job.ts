import { queryOptions, useQuery } from '@tanstack/react-query'
import { careersMessages, jobSchema } from '@/contract/careers'
import { apiRequest } from '@/lib/api-client'
import { fetchFailure } from './fetch-failure'

export async function getJob(slug: string) {
  try {
    return await apiRequest(`/api/public/careers/${encodeURIComponent(slug)}/`, { schema: jobSchema })
  } catch (error) {
    throw fetchFailure(error, careersMessages.fetchCareer)
  }
}

export const jobQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['careers', 'job', slug], queryFn: () => getJob(slug) })

export function useJob(slug: string) {
  return useQuery(jobQueryOptions(slug))
}
