import { Badge, Box, Burger, Group } from '@mantine/core'
import { useWindowScroll } from '@mantine/hooks'
import { useRef } from 'react'
import { IconLanguage, IconWifiOff } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useCurrentUser } from '@/lib/session'
import { useOnline } from '../use-online'
import { BrandMark } from './brand-mark'
import { MOBILE_MENU_ID, MobileMenu, useMobileMenuOpen } from './mobile-menu'
import { AuthButtons, NavItems } from './nav-items'
import classes from './site-header.module.css'

export const HEADER_HEIGHT = 68
/** The header turns opaque once the page has scrolled this far. */
export const OPAQUE_AFTER_PX = 50

export function SiteHeader() {
  const menu = useRef<HTMLDivElement>(null)
  const opened = useMobileMenuOpen(menu)
  const [scroll] = useWindowScroll()
  const online = useOnline()
  const signedIn = useCurrentUser() !== null
  const opaque = scroll.y > OPAQUE_AFTER_PX || opened

  return (
    <Box
      component="header"
      className={classes.header}
      data-opaque={opaque || undefined}
      data-signed-in={signedIn || undefined}
      h={HEADER_HEIGHT}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Group
        h="100%"
        px={{ base: 'md', xl: 'xl' }}
        justify="space-between"
        wrap="nowrap"
        maw={1400}
        mx="auto"
      >
        <Link to="/" aria-label="Cypher home" className={classes.brand}>
          <BrandMark />
        </Link>
        <Box component="nav" aria-label="Main" visibleFrom="lg">
          <NavItems />
        </Box>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge
            variant="outline"
            color="gray"
            leftSection={<IconLanguage size={12} aria-hidden />}
            aria-label="Language: English only"
            title="This site is available in English only"
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            EN
          </Badge>
          <Group gap={6} visibleFrom="sm" wrap="nowrap">
            <AuthButtons />
          </Group>
          <Burger
            opened={opened}
            popoverTarget={MOBILE_MENU_ID}
            hiddenFrom="lg"
            aria-label="Toggle navigation"
            size="sm"
          />
        </Group>
      </Group>
      {/* Hangs below the row's right end instead of taking room in it: a staff member's row has a few
          pixels to spare, and the badge pushed Logout past the window's edge (issue 27). */}
      {!online && (
        <Badge
          className={classes.offline}
          color="yellow"
          variant="light"
          leftSection={<IconWifiOff size={12} aria-hidden />}
          role="status"
          title="You are offline: portal data is shown from this device"
        >
          Offline
        </Badge>
      )}
      <MobileMenu ref={menu} />
    </Box>
  )
}
