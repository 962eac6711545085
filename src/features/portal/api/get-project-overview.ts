import { queryOptions, useQuery } from '@tanstack/react-query'
import { projectOverviewSchema } from '@/contract/portal'
import { apiRequest } from '@/lib/api-client'

export function getProjectOverview(projectId: number) {
  return apiRequest(`/api/client/projects/${projectId}/overview/`, {
    schema: projectOverviewSchema,
    auth: true,
  })
}

export const projectOverviewQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['portal', 'project', projectId, 'overview'],
    queryFn: () => getProjectOverview(projectId),
    meta: { persist: true },
  })

export function useProjectOverview(projectId: number) {
  return useQuery(projectOverviewQueryOptions(projectId))
}
