import { ActionIcon, Button, Group, Stack } from '@mantine/core'
import {
  IconFileInvoice,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { confirmLogout } from '@/lib/logout-check'
import { session, useCurrentUser } from '@/lib/session'
import { AppLink } from '../app-link'
import { headerLinks, isActivePath } from './nav-links'
import classes from './site-header.module.css'

export function NavItems({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const items = headerLinks.map((link) => {
    const active = isActivePath(pathname, link.href)
    return (
      <AppLink
        key={link.href}
        href={link.href}
        className={vertical ? classes.drawerLink : classes.link}
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        onNavigate={onNavigate}
        underline="never"
      >
        {link.label}
      </AppLink>
    )
  })
  return vertical ? (
    <Stack gap={2}>{items}</Stack>
  ) : (
    <Group gap={0} wrap="nowrap">
      {items}
    </Group>
  )
}

export function AuthButtons({ onNavigate, fullWidth }: { onNavigate?: () => void; fullWidth?: boolean }) {
  const user = useCurrentUser()
  const navigate = useNavigate()
  async function logout() {
    // Comments not delivered yet are shown with a choice before logging out drops them.
    if (!(await confirmLogout())) return
    onNavigate?.()
    // Leave the guarded page first, so the guard does not send the user to /login instead.
    await navigate({ to: '/' })
    await session.signOut()
  }
  if (user) {
    return (
      <>
        <Button
          maw={fullWidth ? undefined : 112}
          px={fullWidth ? undefined : 8}
          styles={{
            label: { overflow: 'hidden', textOverflow: 'ellipsis' },
            // Tighter in the header, where the row has no width to spare (issue 27).
            section: fullWidth ? undefined : { marginInlineEnd: 6 },
          }}
          component={Link}
          to="/dashboard"
          variant="subtle"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          onClick={onNavigate}
          fullWidth={fullWidth}
        >
          {user.first_name ? `Hi, ${user.first_name}` : 'Dashboard'}
        </Button>
        {user.role === 'staff' && (
          <Button
            component={Link}
            to="/staff"
            variant="light"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            onClick={onNavigate}
            fullWidth={fullWidth}
            px={fullWidth ? undefined : 'sm'}
            // Below the xl breakpoint the header's row has no room for this label (issue 27): an icon there.
            visibleFrom={fullWidth ? undefined : 'xl'}
          >
            Staff console
          </Button>
        )}
        {user.role === 'staff' && !fullWidth && (
          <ActionIcon
            component={Link}
            to="/staff"
            variant="light"
            size="lg"
            aria-label="Staff console"
            title="Staff console"
            hiddenFrom="xl"
          >
            <IconShieldLock size={18} aria-hidden />
          </ActionIcon>
        )}
        {fullWidth ? (
          <Button
            component={Link}
            to="/billing"
            variant="default"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            onClick={onNavigate}
            fullWidth
          >
            Billing history
          </Button>
        ) : (
          <ActionIcon
            component={Link}
            to="/billing"
            variant="subtle"
            size="lg"
            aria-label="Billing history"
            title="Billing history"
            onClick={onNavigate}
          >
            <IconFileInvoice size={18} aria-hidden />
          </ActionIcon>
        )}
        {fullWidth ? (
          <Button
            component={Link}
            to="/settings"
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={onNavigate}
            fullWidth
          >
            Account settings
          </Button>
        ) : (
          <ActionIcon
            component={Link}
            to="/settings"
            variant="subtle"
            size="lg"
            aria-label="Account settings"
            title="Account settings"
            onClick={onNavigate}
          >
            <IconSettings size={18} aria-hidden />
          </ActionIcon>
        )}
        {/* Labelled at every width; in the header its text alone, so the row fits the window from lg up (issue 27). */}
        <Button
          variant="default"
          leftSection={fullWidth ? <IconLogout size={16} aria-hidden /> : undefined}
          fullWidth={fullWidth}
          px={fullWidth ? undefined : 'sm'}
          onClick={() => void logout()}
        >
          Logout
        </Button>
      </>
    )
  }
  return (
    <>
      <Button component={Link} to="/login" variant="default" onClick={onNavigate} fullWidth={fullWidth}>
        Login
      </Button>
      <Button component={Link} to="/register" onClick={onNavigate} fullWidth={fullWidth}>
        Sign Up
      </Button>
    </>
  )
}
