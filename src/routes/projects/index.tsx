import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { OnlineOnly } from '@/components/offline-notice'
import { searchId, searchPage, searchText } from '@/lib/search-params'
import { ProjectsPage, type ProjectFilters } from '@/features/projects/components/projects-page'

/** Filters live in the URL so a filtered page can be shared, reloaded and returned to. */
function projectsSearchSchema(search: Record<string, unknown>): {
  page?: number
  search?: string
  profile?: number
} {
  return {
    page: searchPage(search.page),
    search: searchText(search.search),
    profile: searchId(search.profile),
  }
}

export const Route = createFileRoute('/projects/')({
  validateSearch: projectsSearchSchema,
  component: ProjectsRoute,
})

function ProjectsRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  const onChange = useCallback(
    (next: ProjectFilters, options?: { replace?: boolean }) =>
      void navigate({
        search: {
          page: next.page && next.page > 1 ? next.page : undefined,
          search: next.search || undefined,
          profile: next.profile,
        },
        replace: options?.replace ?? false,
      }),
    [navigate],
  )
  return (
    <OnlineOnly>
      <ProjectsPage filters={filters} onChange={onChange} />
    </OnlineOnly>
  )
}
