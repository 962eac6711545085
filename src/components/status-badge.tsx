import { Badge, Box, Group, Text, type BadgeProps, type MantineColor } from '@mantine/core'
import {
  appStatusColour,
  domainStatusColour,
  milestoneColour,
  orderStatusColour,
  priorityColour,
  statusColour,
  statusLabel,
  type StatusColour,
} from '@/contract/status-colours'

/** The spec's colour words in the theme's palette. */
const palette: Record<StatusColour, MantineColor> = {
  blue: 'blue',
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  purple: 'grape',
  emerald: 'teal',
  red: 'red',
  grey: 'gray',
}

export function themeColour(colour: StatusColour): MantineColor {
  return palette[colour]
}

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: string
  /** Which colour rule applies: projects and tickets (default), milestones, apps, priorities, domains or orders. */
  kind?: 'status' | 'milestone' | 'app' | 'priority' | 'domain' | 'order'
  label?: string
}

const rules = {
  status: statusColour,
  milestone: milestoneColour,
  app: appStatusColour,
  priority: priorityColour,
  domain: domainStatusColour,
  order: orderStatusColour,
}

/** A status as a coloured badge; every status in the portal is drawn by this one component. */
export function StatusBadge({ status, kind = 'status', label, ...props }: StatusBadgeProps) {
  const colour = rules[kind](status)
  return (
    <Badge variant="light" color={palette[colour]} data-colour={colour} data-status={status} {...props}>
      {label ?? statusLabel(status)}
    </Badge>
  )
}

/** A status as a coloured dot and its name (apps). */
export function StatusDot({ status, kind = 'app' }: { status: string; kind?: StatusBadgeProps['kind'] }) {
  const colour = rules[kind ?? 'app'](status)
  return (
    <Group gap={6} wrap="nowrap" data-colour={colour} data-status={status}>
      <Box
        w={9}
        h={9}
        bg={`${palette[colour]}.5`}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
      />
      <Text size="sm">{statusLabel(status)}</Text>
    </Group>
  )
}
