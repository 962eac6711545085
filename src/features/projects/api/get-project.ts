import { queryOptions, useQuery } from '@tanstack/react-query'
import { projectDetailSchema } from '@/contract/projects'
import { apiRequest } from '@/lib/api-client'

export function getProject(slug: string) {
  return apiRequest(`/api/public/projects/${encodeURIComponent(slug)}/`, { schema: projectDetailSchema })
}

export const projectQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['projects', 'detail', slug], queryFn: () => getProject(slug) })

export function useProject(slug: string) {
  return useQuery(projectQueryOptions(slug))
}
