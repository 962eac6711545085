import { Anchor, Card, Group, Table, Text, Title, type TableTdProps } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/** The staff lists a record's page leads back to. */
type RecordList = '/staff/orders' | '/staff/clients' | '/staff/projects' | '/staff/tickets'

/** The top of a record's page: the way back to its list, its title and its badges. */
export function RecordHeader({
  back,
  backLabel,
  title,
  children,
}: {
  back: RecordList
  backLabel: string
  title: ReactNode
  children?: ReactNode
}) {
  return (
    <>
      <Anchor component={Link} to={back} size="sm">
        ← {backLabel}
      </Anchor>
      <Group gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Group>
    </>
  )
}

/** A part of a record's page: a card with its heading, and a link or action beside the heading. */
export function RecordSection({
  title,
  aside,
  children,
}: {
  title: string
  aside?: ReactNode
  children: ReactNode
}) {
  const heading = (
    <Title order={3} size="h5" mb={aside ? undefined : 'sm'}>
      {title}
    </Title>
  )
  return (
    <Card withBorder>
      {aside ? (
        <Group justify="space-between" mb="sm">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  )
}

export interface RecordColumn<Row> {
  /** Left out, the table has no header row. */
  header?: string
  cell: (row: Row) => ReactNode
  td?: TableTdProps
}

/** A record's related rows (its orders, gateway events, projects…), or a sentence when there are none. */
export function RecordTable<Row extends { id: number }>({
  rows,
  empty,
  columns,
  minWidth,
}: {
  rows: readonly Row[]
  empty: ReactNode
  columns: RecordColumn<Row>[]
  /** Wide tables scroll sideways below this width. */
  minWidth?: number
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    )
  const table = (
    <Table>
      {columns.some((column) => column.header) && (
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            {columns.map((column, i) => (
              <Table.Td key={i} {...column.td}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table
}
