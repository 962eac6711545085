import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { clientProjectListSchema } from '@/contract/portal'
import { apiRequest } from '@/lib/api-client'

export function getClientProjects(page: number) {
  return apiRequest('/api/client/projects/', {
    schema: clientProjectListSchema,
    auth: true,
    query: { page: page > 1 ? page : undefined },
  })
}

export const clientProjectsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: ['portal', 'projects', page],
    queryFn: () => getClientProjects(page),
    meta: { persist: true },
    placeholderData: keepPreviousData,
  })

export function useClientProjects(page = 1) {
  return useQuery(clientProjectsQueryOptions(page))
}
