import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as z from 'zod/mini'
import { OnlineOnly } from '@/components/offline-notice'
import { CareersPage } from '@/features/careers/components/careers-page'

const careersSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined),
})

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
