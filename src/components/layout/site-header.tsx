import { Badge, Box, Burger, Button, Drawer, Group, Stack } from '@mantine/core'
import { useDisclosure, useWindowScroll } from '@mantine/hooks'
import { IconLanguage, IconLogout, IconUserCircle, IconWifiOff } from '@tabler/icons-react'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { session, useCurrentUser } from '@/lib/session'
import { AppLink } from '../app-link'
import { useOnline } from '../use-online'
import { BrandMark } from './brand-mark'
import { headerLinks, isActivePath } from './nav-links'
import classes from './site-header.module.css'

export const HEADER_HEIGHT = 68
/** The header turns opaque once the page has scrolled this far. */
export const OPAQUE_AFTER_PX = 50

function NavItems({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const items = headerLinks.map((link) => {
    const active = isActivePath(pathname, link.href)
    return (
      <AppLink
        key={link.href}
        href={link.href}
        className={classes.link}
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        onNavigate={onNavigate}
        underline="never"
      >
        {link.label}
      </AppLink>
    )
  })
  return vertical ? <Stack gap={4}>{items}</Stack> : <Group gap={2}>{items}</Group>
}

function AuthButtons({ onNavigate, fullWidth }: { onNavigate?: () => void; fullWidth?: boolean }) {
  const user = useCurrentUser()
  const navigate = useNavigate()
  if (user) {
    return (
      <>
        <Button
          component={Link}
          to="/dashboard"
          variant="subtle"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          onClick={onNavigate}
          fullWidth={fullWidth}
        >
          {user.first_name ? `Hi, ${user.first_name}` : 'Dashboard'}
        </Button>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          fullWidth={fullWidth}
          onClick={async () => {
            onNavigate?.()
            // Leave the guarded page first, so the guard does not send the user to /login instead.
            await navigate({ to: '/' })
            await session.signOut()
          }}
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

export function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false)
  const [scroll] = useWindowScroll()
  const online = useOnline()
  const opaque = scroll.y > OPAQUE_AFTER_PX || opened

  return (
    <Box component="header" className={classes.header} data-opaque={opaque || undefined} h={HEADER_HEIGHT}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Group
        h="100%"
        px={{ base: 'md', md: 'xl' }}
        justify="space-between"
        wrap="nowrap"
        maw={1400}
        mx="auto"
      >
        <Link to="/" aria-label="Cypher home" className={classes.brand}>
          <BrandMark />
        </Link>
        <Box component="nav" aria-label="Main" visibleFrom="xl">
          <NavItems />
        </Box>
        <Group gap="xs" wrap="nowrap">
          {!online && (
            <Badge
              color="yellow"
              variant="light"
              leftSection={<IconWifiOff size={12} aria-hidden />}
              role="status"
              title="You are offline: portal data is shown from this device"
            >
              Offline
            </Badge>
          )}
          <Badge
            variant="outline"
            color="gray"
            leftSection={<IconLanguage size={12} aria-hidden />}
            aria-label="Language: English only"
            title="This site is available in English only"
          >
            EN
          </Badge>
          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            <AuthButtons />
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="xl" aria-label="Toggle navigation" size="sm" />
        </Group>
      </Group>
      <Drawer
        opened={opened}
        onClose={close}
        title={<BrandMark size={24} />}
        hiddenFrom="xl"
        size="xs"
        position="right"
        aria-label="Navigation"
      >
        <Stack gap="lg">
          <Box component="nav" aria-label="Mobile">
            <NavItems vertical onNavigate={close} />
          </Box>
          <Stack gap="xs">
            <AuthButtons onNavigate={close} fullWidth />
          </Stack>
        </Stack>
      </Drawer>
    </Box>
  )
}
