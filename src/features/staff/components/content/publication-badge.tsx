import { Badge } from '@mantine/core'

/** Draft, scheduled or published (posts); published or not (jobs). */
export function PublicationBadge({ state }: { state: 'draft' | 'scheduled' | 'published' }) {
  const colour = { draft: 'gray', scheduled: 'yellow', published: 'green' }[state]
  const label = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }[state]
  return (
    <Badge color={colour} variant="light">
      {label}
    </Badge>
  )
}

export const postState = (post: { status: 'draft' | 'published'; is_scheduled: boolean }) =>
  post.status === 'draft' ? 'draft' : post.is_scheduled ? 'scheduled' : 'published'
