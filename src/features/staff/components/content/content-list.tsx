import { Anchor, Button, Group, Stack, Table } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { exportList } from '../../api/export-list'
import { ListToolbar } from '../list-toolbar'

/** The content kinds' pages in the console, by their address segment. */
export type ContentKindPath = 'blog' | 'jobs' | 'offers' | 'partners' | 'projects' | 'offices'

/** What every content list filters on; each kind adds its own filters. */
export interface ContentListFilters {
  page: number
  search: string
  sort: string
}

/** A content list's filters: a change of filter goes back to page 1. */
export function useContentListFilters<Filters extends ContentListFilters>(initial: Filters) {
  const [filters, setFilters] = useState<Filters>(initial)
  const change = (next: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  const setPage = (page: number) => setFilters((f) => ({ ...f, page }))
  return { filters, change, setPage }
}

export interface ContentColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
}

/**
 * The frame of every content list in the console: the "New …" button, search, the kind's filters,
 * sorting and CSV export, then loading, error and empty states, the table and its pages.
 */
export function ContentList<Row extends { id: number }, Filters extends ContentListFilters>({
  kind,
  noun,
  filters,
  onChange,
  onPage,
  sorts,
  exportFrom,
  filterControls,
  list,
  columns,
  minWidth,
}: {
  kind: ContentKindPath
  /** The kind in the product's words, e.g. { one: 'post', many: 'posts' }. */
  noun: { one: string; many: string }
  filters: Filters
  onChange: (next: Partial<Filters>) => void
  onPage: (page: number) => void
  sorts: readonly { value: Filters['sort']; label: string }[]
  /** The API list (for the CSV export), its query and the file's name. */
  exportFrom: { path: string; query: Record<string, string | number | boolean | undefined>; name: string }
  filterControls?: ReactNode
  list: UseQueryResult<{ count: number; results: Row[] }>
  columns: ContentColumn<Row>[]
  minWidth: number
}) {
  const one = noun.one.charAt(0).toUpperCase() + noun.one.slice(1)
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`/staff/content/${kind}/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New {noun.one}
        </Button>
      </Group>
      <ListToolbar
        searchLabel={`Search ${noun.many}`}
        search={filters.search}
        onSearch={(search) => onChange({ search } as Partial<Filters>)}
        sort={filters.sort}
        sorts={sorts}
        onSort={(sort) => onChange({ sort } as Partial<Filters>)}
        onExport={() => exportList(exportFrom.path, exportFrom.query, exportFrom.name)}
      >
        {filterControls}
      </ListToolbar>
      {list.isPending ? (
        <LoadingPanel label={`Loading ${noun.many}...`} />
      ) : list.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState title={`No ${noun.many}`} message={`No ${noun.one} matches these filters.`} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={minWidth}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.header}>{column.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.results.map((row) => (
                  <Table.Tr key={row.id}>
                    {columns.map((column) => (
                      <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(list.data.count, STAFF_PAGE_SIZE)}
            onChange={onPage}
            label={`${one} pages`}
          />
        </>
      )}
    </Stack>
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
    <Anchor
      renderRoot={(props) => (
        <Link to={`/staff/content/${kind}/$id`} params={{ id: String(id) }} {...props} />
      )}
    >
      {children}
    </Anchor>
  )
}
