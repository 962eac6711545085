import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { OnlineOnly } from '@/components/offline-notice'
import { searchPage, searchText } from '@/lib/search-params'
import { BlogListPage, type BlogFilters } from '@/features/blog/components/blog-list-page'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'

/** Filters live in the URL so a filtered list can be shared, reloaded and returned to. */
function blogSearchSchema(search: Record<string, unknown>): {
  category?: string
  search?: string
  page?: number
} {
  return {
    category: searchText(search.category, 100),
    search: searchText(search.search),
    page: searchPage(search.page),
  }
}

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
      <BlogListPage filters={filters} onChange={onChange} newsletter={<NewsletterForm />} />
    </OnlineOnly>
  )
}
