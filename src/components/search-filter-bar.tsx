import { Button, Group, Stack, TextInput, type MantineSpacing } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { FormEvent } from 'react'
import { awaitingApp, useHydrated } from './use-hydrated'

export interface FilterOption<Value> {
  value: Value
  label: string
}

interface SearchFilterBarProps<Value> {
  /** Names the box (its accessible name; the placeholder adds '...'). */
  searchLabel: string
  search: string
  onSearchChange: (text: string) => void
  /** When given, the box is a search form and Enter applies the text at once. */
  onSearchSubmit?: () => void
  /** Names the group of filter buttons. */
  filterLabel: string
  /** The first button, pressed when no option is chosen ('All Posts', 'All Jobs', ...). */
  allLabel: string
  options: readonly FilterOption<Value>[]
  /** The chosen option's value; undefined is 'all'. */
  selected: Value | undefined
  onSelect: (value: Value | undefined) => void
  /** Centred, with the box at a reading width (listing pages) instead of full width. */
  centred?: boolean
  gap?: MantineSpacing
}

/** A search box over a row of toggle buttons: 'All ...' plus one per option, the chosen one pressed. */
export function SearchFilterBar<Value>({
  searchLabel,
  search,
  onSearchChange,
  onSearchSubmit,
  filterLabel,
  allLabel,
  options,
  selected,
  onSelect,
  centred = false,
  gap = 'md',
}: SearchFilterBarProps<Value>) {
  const box = (
    <TextInput
      aria-label={searchLabel}
      placeholder={`${searchLabel}...`}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={(event) => onSearchChange(event.currentTarget.value)}
      size="md"
      {...(centred ? { maw: 560, mx: 'auto' } : {})}
    />
  )
  function submit(event: FormEvent) {
    event.preventDefault()
    onSearchSubmit?.()
  }
  // A list rendered by the server (/projects, /blog) arrives with this box before React: what is typed
  // into it meanwhile is handed to React once it has adopted the page (src/app/early-input.ts).
  const hydrated = useHydrated()
  const buttons: FilterOption<Value | undefined>[] = [{ label: allLabel, value: undefined }, ...options]

  return (
    <Stack gap={gap}>
      {onSearchSubmit ? (
        <form onSubmit={submit} role="search" aria-label={searchLabel} {...awaitingApp(hydrated)}>
          {box}
        </form>
      ) : (
        box
      )}
      <Group gap="xs" justify={centred ? 'center' : undefined} role="group" aria-label={filterLabel}>
        {buttons.map((button) => {
          const active = button.value === selected
          return (
            <Button
              key={button.label}
              size="sm"
              variant={active ? 'filled' : 'default'}
              aria-pressed={active}
              onClick={() => onSelect(button.value)}
            >
              {button.label}
            </Button>
          )
        })}
      </Group>
    </Stack>
  )
}
