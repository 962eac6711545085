import { Button, Group, Select, TextInput } from '@mantine/core'
import { IconDownload, IconSearch } from '@tabler/icons-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { statusLabel } from '@/contract/status-colours'
import { toast } from '@/components/toast'
import { useClientOptions } from './api/get-options'

interface ListToolbarProps {
  searchLabel: string
  search: string
  onSearch: (text: string) => void
  sort: string
  sorts: readonly { value: string; label: string }[]
  onSort: (sort: string) => void
  /** The area's filter controls. */
  children?: ReactNode
  onExport: () => Promise<void>
}

/** Search (applied on Enter or the button), the area's filters, sorting and CSV export of a staff list. */
export function ListToolbar({
  searchLabel,
  search,
  onSearch,
  sort,
  sorts,
  onSort,
  children,
  onExport,
}: ListToolbarProps) {
  const [text, setText] = useState(search)
  const [exporting, setExporting] = useState(false)
  function submit(event: FormEvent) {
    event.preventDefault()
    onSearch(text)
  }
  async function exportCsv() {
    setExporting(true)
    try {
      await onExport()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Export failed.', 5000)
    } finally {
      setExporting(false)
    }
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <form onSubmit={submit} role="search" aria-label={searchLabel} style={{ flex: '1 1 240px' }}>
        <TextInput
          label="Search"
          placeholder={`${searchLabel}...`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => text !== search && onSearch(text)}
        />
      </form>
      {children}
      <Select
        label="Sort"
        data={sorts.map((s) => ({ value: s.value, label: s.label }))}
        value={sort}
        onChange={(value) => value && onSort(value)}
        allowDeselect={false}
        w={230}
      />
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={exporting}
        onClick={exportCsv}
      >
        Export CSV
      </Button>
    </Group>
  )
}

/** A filter select where clearing means "all". */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  width = 170,
}: {
  label: string
  value: string | undefined
  options: readonly { value: string; label: string }[]
  onChange: (value: string | undefined) => void
  width?: number
}) {
  return (
    <Select
      label={label}
      placeholder="All"
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      clearable
      w={width}
    />
  )
}

/** A filter's options from a list of statuses, kinds or priorities, with their labels. */
export const statusOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: statusLabel(value) }))

/** The filter on one client company, by its id. */
export function ClientFilter({
  value,
  onChange,
}: {
  value: number | undefined
  onChange: (client: number | undefined) => void
}) {
  const clients = useClientOptions()
  return (
    <FilterSelect
      label="Client"
      value={value?.toString()}
      options={(clients.data?.results ?? []).map((c) => ({
        value: String(c.id),
        label: c.company_name || c.email,
      }))}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
    />
  )
}
