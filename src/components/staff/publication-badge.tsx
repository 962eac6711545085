import { Badge } from '@mantine/core'
import { FilterSelect } from './list-toolbar'

/** Draft, scheduled or published (posts); published or not (jobs). */
export function PublicationBadge({ state }: { state: 'draft' | 'unpublished' | 'scheduled' | 'published' }) {
  const colour = { draft: 'gray', unpublished: 'gray', scheduled: 'yellow', published: 'green' }[state]
  const label = {
    draft: 'Draft',
    unpublished: 'Not published',
    scheduled: 'Scheduled',
    published: 'Published',
  }[state]
  return (
    <Badge color={colour} variant="light">
      {label}
    </Badge>
  )
}

export const postState = (post: { status: 'draft' | 'published'; is_scheduled: boolean }) =>
  post.status === 'draft' ? 'draft' : post.is_scheduled ? 'scheduled' : 'published'

/** An offer: not published, published and shown now, or published outside its period. */
export function OfferBadge({ offer }: { offer: { is_active: boolean; is_current: boolean } }) {
  if (!offer.is_active) return <PublicationBadge state="unpublished" />
  if (offer.is_current) return <PublicationBadge state="published" />
  return (
    <Badge color="orange" variant="light">
      Outside its period
    </Badge>
  )
}

/** The list filter on publication: published, not published, or either (no choice). */
export function PublishedFilter({
  value,
  onChange,
}: {
  value: boolean | undefined
  onChange: (active: boolean | undefined) => void
}) {
  return (
    <FilterSelect
      label="Status"
      value={value === undefined ? undefined : String(value)}
      options={[
        { value: 'true', label: 'Published' },
        { value: 'false', label: 'Not published' },
      ]}
      onChange={(v) => onChange(v === undefined ? undefined : v === 'true')}
    />
  )
}
