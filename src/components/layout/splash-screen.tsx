import { Stack, Text } from '@mantine/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { SPLASH_SHOWN_KEY } from '@/contract/page-data'
import { sessionStore } from '@/lib/storage'
import { BrandMark } from './brand-mark'
import classes from './splash-screen.module.css'

export const SPLASH_MS = 2000

// useLayoutEffect decides before the first paint in the browser; the prerender never runs effects.
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect

/**
 * The 2 s loading splash, once per browser session. It is drawn over the page, which renders
 * underneath at the same time, and lets clicks through: it never delays or blocks content. Prerendered
 * HTML contains it too; a tiny script in the page head hides it there when it was already shown.
 */
export function SplashScreen() {
  const [visible, setVisible] = useState(true)
  // Decided once per mount (effects run twice in development's StrictMode).
  const decision = useRef<'show' | 'hide' | null>(null)
  useBeforePaint(() => {
    if (decision.current === null) {
      decision.current = sessionStore.get(SPLASH_SHOWN_KEY) === null ? 'show' : 'hide'
      if (decision.current === 'show') sessionStore.set(SPLASH_SHOWN_KEY, '1')
    }
    if (decision.current === 'hide') {
      setVisible(false)
      return
    }
    const timer = window.setTimeout(() => setVisible(false), SPLASH_MS)
    return () => window.clearTimeout(timer)
  }, [])
  if (!visible) return null
  return (
    <div className={classes.overlay} data-testid="splash" data-splash-screen aria-hidden>
      <Stack align="center" gap="lg">
        <div className={classes.pulse}>
          <BrandMark size={44} />
        </div>
        <Text ff="monospace" c="signal.4" fz="sm" className={classes.caption}>
          Initializing ... Security Systems...
        </Text>
        <div className={classes.bar}>
          <div className={classes.fill} />
        </div>
      </Stack>
    </div>
  )
}
