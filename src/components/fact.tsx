import { Stack, Text, type MantineSize } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A labelled value in a facts grid (a domain's dates, a project's budget): a small dimmed label over the
 * value, which is a block so it may hold a badge.
 */
export interface FactProps {
  label: string
  children: ReactNode
  /** The value's text size; Mantine's default when left out. */
  size?: MantineSize
}

export function Fact({ label, children, size }: FactProps) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={size} fw={600} component="div">
        {children}
      </Text>
    </Stack>
  )
}
