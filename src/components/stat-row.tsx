import { Group, Text } from '@mantine/core'

/** One label/value row of a stats list (`<dl>`): the label on the left, the value on the right. */
export function StatRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right">
        {value}
      </Text>
    </Group>
  )
}
