import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export interface ProjectsFilter {
  page: number
  search?: string | undefined
  /** The profile (product category) id. */
  profile?: number | undefined
}

export async function getProjects({ page, search, profile }: ProjectsFilter) {
  // The schema loads with the first fetch: the home page asks only when its projects scroll into view.
  const { projectListSchema } = await import('@/contract/projects')
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
