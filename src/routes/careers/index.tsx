import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { OnlineOnly } from '@/components/offline-notice'
import { searchPage } from '@/lib/search-params'
import { CareersPage } from '@/features/careers/components/careers-page'

function careersSearchSchema(search: Record<string, unknown>): { page?: number } {
  return { page: searchPage(search.page) }
}

export const Route = createFileRoute('/careers/')({
  validateSearch: careersSearchSchema,
  component: CareersRoute,
})

function CareersRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onPageChange = useCallback(
    (next: number) => void navigate({ search: { page: next > 1 ? next : undefined } }),
    [navigate],
  )
  return (
    <OnlineOnly>
      <CareersPage page={page ?? 1} onPageChange={onPageChange} />
    </OnlineOnly>
  )
}
