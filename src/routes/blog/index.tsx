import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as z from 'zod/mini'
import { OnlineOnly } from '@/components/offline-notice'
import { BlogListPage, type BlogFilters } from '@/features/blog/components/blog-list-page'

/** Filters live in the URL so a filtered list can be shared, reloaded and returned to. */
const blogSearchSchema = z.object({
  category: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  search: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined),
})

export const Route = createFileRoute('/blog/')({
  validateSearch: blogSearchSchema,
  component: BlogRoute,
})

function BlogRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  const onChange = useCallback(
    (next: BlogFilters, options?: { replace?: boolean }) =>
      void navigate({
        search: {
          category: next.category || undefined,
          search: next.search || undefined,
          page: next.page && next.page > 1 ? next.page : undefined,
        },
        replace: options?.replace ?? false,
      }),
    [navigate],
  )
  return (
    <OnlineOnly>
      <BlogListPage filters={filters} onChange={onChange} />
    </OnlineOnly>
  )
}
