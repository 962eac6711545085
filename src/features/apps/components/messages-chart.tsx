import { Group, Stack, Text } from '@mantine/core'
import type { DailyMessages } from '@/contract/apps'
import { SERVICE_TYPES } from '@/contract/apps'

const colours = {
  sms: 'var(--mantine-color-blue-6)',
  email: 'var(--mantine-color-teal-6)',
  whatsapp: 'var(--mantine-color-green-7)',
}
const names = { sms: 'SMS', email: 'Email', whatsapp: 'WhatsApp' }

/** Messages per day for the last 30 days, stacked per channel: a small SVG bar chart with a table behind it. */
export function MessagesChart({ days }: { days: DailyMessages[] }) {
  const totals = days.map((d) => d.sms + d.email + d.whatsapp)
  const max = Math.max(1, ...totals)
  const width = 600
  const height = 180
  const bar = width / days.length
  const sum = (type: (typeof SERVICE_TYPES)[number]) => days.reduce((n, d) => n + d[type], 0)
  return (
    <Stack gap="xs">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        width="100%"
        role="img"
        aria-label={`Messages per day over the last ${days.length} days`}
        data-testid="messages-chart"
      >
        {days.map((day, i) => {
          let y = height
          return (
            <g key={day.date}>
              <title>{`${day.date}: ${totals[i]} messages`}</title>
              {SERVICE_TYPES.map((type) => {
                const h = (day[type] / max) * (height - 10)
                y -= h
                return h > 0 ? (
                  <rect
                    key={type}
                    x={i * bar + 2}
                    y={y}
                    width={bar - 4}
                    height={h}
                    fill={colours[type]}
                    rx={1}
                  />
                ) : null
              })}
            </g>
          )
        })}
        <line x1={0} x2={width} y1={height} y2={height} stroke="var(--mantine-color-gray-4)" />
        <text x={0} y={height + 16} fontSize={11} fill="currentColor">
          {days[0]?.date}
        </text>
        <text x={width} y={height + 16} fontSize={11} textAnchor="end" fill="currentColor">
          {days.at(-1)?.date}
        </text>
      </svg>
      <Group gap="lg">
        {SERVICE_TYPES.map((type) => (
          <Group key={type} gap={6}>
            <svg width={10} height={10} aria-hidden>
              <rect width={10} height={10} fill={colours[type]} rx={2} />
            </svg>
            <Text size="sm" data-testid={`chart-total-${type}`}>
              {names[type]}: {sum(type).toLocaleString('en-US')}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  )
}
