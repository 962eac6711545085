import { Group, Select, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { FILTER_STATUSES, type TicketStatus } from '@/contract/support'
import { statusLabel } from '@/contract/status-colours'

export interface TicketFilterValues {
  status: TicketStatus | null
  search: string
}

const options = [
  { value: 'all', label: 'All statuses' },
  ...FILTER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
]

/** Status (new, open, in progress, resolved, closed) and search, as the panel offers them (spec 001 §2). */
export function TicketFilters({
  value,
  onChange,
}: {
  value: TicketFilterValues
  onChange: (value: TicketFilterValues) => void
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Search tickets..."
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Status"
        data={options}
        value={value.status ?? 'all'}
        allowDeselect={false}
        onChange={(status) =>
          onChange({ ...value, status: FILTER_STATUSES.find((s) => s === status) ?? null })
        }
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  )
}
