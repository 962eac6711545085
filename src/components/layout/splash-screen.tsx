import { Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { sessionStore } from '@/lib/storage'
import { BrandMark } from './brand-mark'
import classes from './splash-screen.module.css'

const SHOWN_KEY = 'cypher-splash-shown'
export const SPLASH_MS = 2000

/**
 * The 2 s loading splash, once per browser session. It is drawn over the page, which renders
 * underneath at the same time, and lets clicks through: it never delays or blocks content.
 */
export function SplashScreen() {
  const [visible, setVisible] = useState(() => sessionStore.get(SHOWN_KEY) === null)
  useEffect(() => {
    if (!visible) return
    sessionStore.set(SHOWN_KEY, '1')
    const timer = window.setTimeout(() => setVisible(false), SPLASH_MS)
    return () => window.clearTimeout(timer)
  }, [visible])
  if (!visible) return null
  return (
    <div className={classes.overlay} data-testid="splash" aria-hidden>
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
