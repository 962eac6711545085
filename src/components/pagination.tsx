import { Button, Group, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

/** The first and last pages, the pages within 2 of the current one, and ellipses for the gaps (spec 000 §9). */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : []
  const pages = new Set<number>([1, total])
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= total) pages.add(p)
  const sorted = [...pages].sort((a, b) => a - b)
  const items: PageItem[] = []
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1]
    if (previous !== undefined && page - previous > 1)
      items.push(previous === 1 ? 'ellipsis-start' : 'ellipsis-end')
    items.push(page)
  })
  return items
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize))
}

interface PaginationProps {
  page: number
  total: number
  onChange: (page: number) => void
  label?: string
}

export function Pagination({ page, total, onChange, label = 'Pagination' }: PaginationProps) {
  if (total <= 1) return null
  return (
    <Group component="nav" aria-label={label} gap={6} justify="center" wrap="wrap">
      <Button
        variant="default"
        size="sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        leftSection={<IconChevronLeft size={14} aria-hidden />}
      >
        Previous
      </Button>
      {pageItems(page, total).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="sm"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
            miw={38}
            px={10}
          >
            {item}
          </Button>
        ) : (
          <Text key={item} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ),
      )}
      <Button
        variant="default"
        size="sm"
        disabled={page >= total}
        onClick={() => onChange(page + 1)}
        rightSection={<IconChevronRight size={14} aria-hidden />}
      >
        Next
      </Button>
    </Group>
  )
}
