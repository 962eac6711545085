import { Box, CloseButton, Group, Stack } from '@mantine/core'
import { useEffect, useState, type RefObject } from 'react'
import { AuthButtons, NavItems } from './nav-items'
import { BrandMark } from './brand-mark'
import classes from './site-header.module.css'

/** Fixed rather than useId: the prerendered page and the app must name the same element. */
export const MOBILE_MENU_ID = 'mobile-menu'

/** Whether the menu is open, kept in step with the browser, which opens and closes it on its own. */
export function useMobileMenuOpen(menu: RefObject<HTMLElement | null>): boolean {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const element = menu.current
    if (!element) return
    // The visitor may have opened it before React adopted the page.
    if (typeof element.showPopover === 'function') setOpen(element.matches(':popover-open'))
    const onToggle = (event: Event) => setOpen('newState' in event && event.newState === 'open')
    element.addEventListener('toggle', onToggle)
    return () => element.removeEventListener('toggle', onToggle)
  }, [menu])
  return open
}

/**
 * The header's navigation for narrow screens: a popover the header's menu button opens through the
 * browser itself (popovertarget), so a tap answers at once, before the app has arrived; Escape and a
 * tap outside close it (light dismiss).
 */
export function MobileMenu({ ref }: { ref: RefObject<HTMLDivElement | null> }) {
  // hidePopover() does nothing on a closed popover; absent where the browser lacks popovers.
  const close = () => {
    const menu = ref.current
    if (menu && typeof menu.hidePopover === 'function') menu.hidePopover()
  }
  return (
    <div ref={ref} id={MOBILE_MENU_ID} popover="auto" className={classes.mobileMenu}>
      <Group justify="space-between" wrap="nowrap" mb="md">
        <BrandMark size={24} />
        <CloseButton
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          aria-label="Close navigation"
          size="lg"
        />
      </Group>
      <Stack gap="lg">
        <Box component="nav" aria-label="Mobile">
          <NavItems vertical onNavigate={close} />
        </Box>
        <Stack gap="xs">
          <AuthButtons onNavigate={close} fullWidth />
        </Stack>
      </Stack>
    </div>
  )
}
