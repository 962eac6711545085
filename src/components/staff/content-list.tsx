import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import { RecordLink, StaffList, type ListFilters } from './staff-list'

/** The content kinds' pages in the console, by their address segment. */
export type ContentKindPath = 'blog' | 'jobs' | 'offers' | 'partners' | 'projects' | 'offices'

/** A content list: the staff list with the kind's "New …" button. */
export function ContentList<Row extends { id: number }, Filters extends ListFilters>({
  kind,
  ...list
}: { kind: ContentKindPath } & Omit<ComponentProps<typeof StaffList<Row, Filters>>, 'actions' | 'children'>) {
  return (
    <StaffList
      {...list}
      actions={
        <Button
          component={Link}
          to={`/staff/content/${kind}/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New {list.noun.one}
        </Button>
      }
    />
  )
}

/** An entry's name in a content list, opening its page. */
export function ContentLink({
  kind,
  id,
  children,
}: {
  kind: ContentKindPath
  id: number
  children: ReactNode
}) {
  return (
    <RecordLink to={`/staff/content/${kind}/$id`} id={id}>
      {children}
    </RecordLink>
  )
}
