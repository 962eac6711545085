import { Group, Text } from '@mantine/core'
import { site } from '@/contract/site'

/** The shield logo and wordmark. */
export function BrandMark({ size = 30 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
        <path
          d="M16 2 4 7v8c0 7.7 5.1 13.3 12 15 6.9-1.7 12-7.3 12-15V7L16 2Z"
          fill="#0f1728"
          stroke="#09eb97"
          strokeWidth="2"
        />
        <path
          d="m10.5 16 4 4 7-8"
          fill="none"
          stroke="#09eb97"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text component="span" fw={800} fz={size * 0.66} lts={-0.5} c="white">
        {site.name}
      </Text>
    </Group>
  )
}
