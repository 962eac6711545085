import { Anchor, Group, Stack } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import classes from './staff.module.css'

const KINDS = [
  { to: '/staff/content/blog', label: 'Blog posts' },
  { to: '/staff/content/jobs', label: 'Jobs' },
  { to: '/staff/content/offers', label: 'Offers' },
  { to: '/staff/content/partners', label: 'Partners' },
  { to: '/staff/content/projects', label: 'Projects' },
  { to: '/staff/content/offices', label: 'Offices' },
] as const

/** The content area: its kinds as tabs. */
export function ContentLayout({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md">
      <Group component="nav" aria-label="Content kinds" gap={4} className={classes.tabs}>
        {KINDS.map((kind) => (
          <Anchor key={kind.to} component={Link} to={kind.to} className={classes.tab} underline="never">
            {kind.label}
          </Anchor>
        ))}
      </Group>
      {children}
    </Stack>
  )
}
