import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as z from 'zod/mini'
import { OnlineOnly } from '@/components/offline-notice'
import { ProjectsPage, type ProjectFilters } from '@/features/projects/components/projects-page'

/** Filters live in the URL so a filtered page can be shared, reloaded and returned to. */
const projectsSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined),
  search: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  profile: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
})

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
