import { Anchor, Group } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link, type LinkProps } from '@tanstack/react-router'

/** The quiet 'Back to ...' link at the top of a detail page. */
export function BackLink({ to, children }: { to: NonNullable<LinkProps['to']>; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed">
      <Group gap={6} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  )
}
