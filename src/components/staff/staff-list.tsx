import { Anchor, Group, Stack, Table, Text, type MantineSpacing, type TableTdProps } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { exportList } from './api/export-list'
import { ListToolbar } from './list-toolbar'

/** What every staff list filters on; each list adds its own filters. */
export interface ListFilters {
  page: number
  search: string
  sort: string
}

/** A staff list's filters: a change of filter goes back to page 1. */
export function useListFilters<Filters extends ListFilters>(initial: Filters) {
  const [filters, setFilters] = useState<Filters>(initial)
  const change = (next: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  const setPage = (page: number) => setFilters((f) => ({ ...f, page }))
  return { filters, change, setPage }
}

export interface ListColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** Props of the column's cells, e.g. a minimum width. */
  td?: TableTdProps
}

/** A list's rows in the product's words; its texts (search, loading, empty, count, pages) are made from them. */
export interface ListNoun {
  one: string
  many: string
  /** Where the words of the rows do not name the list, e.g. "Search the audit log". */
  searchLabel?: string
  /** The pagination's name where the rows' word does not fit, e.g. "Audit log pages". */
  pagesLabel?: string
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The frame of every list in the console: the list's actions, search, its filters, sorting and CSV
 * export, then loading, error and empty states, the count, the table and its pages.
 */
export function StaffList<Row extends { id: number }, Filters extends ListFilters>({
  noun,
  actions,
  children,
  filters,
  onChange,
  onPage,
  sorts,
  exportFrom,
  filterControls,
  list,
  columns,
  minWidth,
  verticalSpacing,
  rowData,
}: {
  noun: ListNoun
  /** Buttons above the toolbar, e.g. "New project". */
  actions?: ReactNode
  /** The list's dialogs. */
  children?: ReactNode
  filters: Filters
  onChange: (next: Partial<Filters>) => void
  onPage: (page: number) => void
  sorts: readonly { value: Filters['sort']; label: string }[]
  /** The API list (for the CSV export), its query and the file's name. */
  exportFrom: { path: string; query: Record<string, string | number | boolean | undefined>; name: string }
  filterControls?: ReactNode
  list: UseQueryResult<{ count: number; results: Row[] }>
  columns: ListColumn<Row>[]
  minWidth: number
  verticalSpacing?: MantineSpacing
  /** `data-*` attributes of a row, for the end-to-end tests that find a row by its record. */
  rowData?: (row: Row) => Record<`data-${string}`, string | number>
}) {
  return (
    <Stack gap="md">
      {actions && <Group justify="flex-end">{actions}</Group>}
      {children}
      <ListToolbar
        searchLabel={noun.searchLabel ?? `Search ${noun.many}`}
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
        <ErrorPanel
          message={list.error instanceof Error ? list.error.message : staffMessages.loadFailed}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <EmptyState title={`No ${noun.many}`} message={`No ${noun.one} matches these filters.`} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {list.data.count} {list.data.count === 1 ? noun.one : noun.many}
          </Text>
          <Table.ScrollContainer minWidth={minWidth}>
            <Table striped highlightOnHover verticalSpacing={verticalSpacing}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.header}>{column.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.results.map((row) => (
                  <Table.Tr key={row.id} {...rowData?.(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.header} {...column.td}>
                        {column.cell(row)}
                      </Table.Td>
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
            label={noun.pagesLabel ?? `${capitalised(noun.one)} pages`}
          />
        </>
      )}
    </Stack>
  )
}

/** The console's pages of one record, by their address. */
export type RecordPath =
  | '/staff/clients/$id'
  | '/staff/orders/$id'
  | '/staff/projects/$id'
  | '/staff/tickets/$id'
  | `/staff/content/${'blog' | 'jobs' | 'offers' | 'partners' | 'projects' | 'offices'}/$id`

/** A record's name in a staff list or page, opening the record's page. */
export function RecordLink({
  to,
  id,
  size,
  children,
}: {
  to: RecordPath
  id: number
  size?: 'xs' | 'sm'
  children: ReactNode
}) {
  return (
    <Anchor size={size} renderRoot={(props) => <Link to={to} params={{ id: String(id) }} {...props} />}>
      {children}
    </Anchor>
  )
}
