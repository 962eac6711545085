import { Box } from '@mantine/core'
import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer'
import { HEADER_HEIGHT, SiteHeader } from './site-header'
import { SplashScreen } from './splash-screen'
import { WhatsappButton } from './whatsapp-button'

/** Shared layout of spec 000: splash over the page, fixed header, page, footer, floating contact. */
export function SiteLayout({ children, floating }: { children: ReactNode; floating?: ReactNode }) {
  return (
    <>
      <SplashScreen />
      <SiteHeader />
      <Box component="main" id="main" pt={HEADER_HEIGHT} mih="70vh" tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </Box>
      <SiteFooter />
      {/* The floating contact buttons sit in a landmark of their own, so screen-reader users who move
          by landmarks reach them (axe-core's region rule). */}
      <aside aria-label="Contact us">
        <WhatsappButton />
        {floating}
      </aside>
    </>
  )
}
