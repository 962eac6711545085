import { Anchor, Container, Group, Stack, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { staffMessages } from '@/contract/staff'
import { useDocumentTitle } from '@/lib/use-document-title'
import classes from './staff.module.css'

const AREAS = [
  { to: '/staff', label: 'Overview', exact: true },
  { to: '/staff/tickets', label: 'Tickets', exact: false },
  { to: '/staff/projects', label: 'Projects', exact: false },
  { to: '/staff/inbox', label: 'Inbox', exact: false },
  { to: '/staff/clients', label: 'Clients', exact: false },
  { to: '/staff/orders', label: 'Orders and payments', exact: false },
  { to: '/staff/content', label: 'Content', exact: false },
  { to: '/staff/audit', label: 'Audit log', exact: false },
] as const

/** The console's frame: its areas as tabs, and certificates where they already live. */
export function StaffLayout({ children }: { children: ReactNode }) {
  useDocumentTitle(staffMessages.consoleTitle)
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {staffMessages.consoleTitle}
        </Title>
        <Group component="nav" aria-label="Staff console areas" gap={4} className={classes.tabs}>
          {AREAS.map((area) => (
            <Anchor
              key={area.to}
              component={Link}
              to={area.to}
              activeOptions={{ exact: area.exact }}
              className={classes.tab}
              underline="never"
            >
              {area.label}
            </Anchor>
          ))}
          <Anchor component={Link} to="/certificate-management" className={classes.tab} underline="never">
            Certificates
          </Anchor>
        </Group>
        {children}
      </Stack>
    </Container>
  )
}
