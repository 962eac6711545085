import { useEffect } from 'react'
import { CrashScreen } from './crash-screen'
import { OfflineNotice } from './offline-notice'
import { useOnline } from './use-online'

/** A page's code could not be loaded: offline, or removed by a newer version of the site. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  )
}

const RELOADED_KEY = 'cypher:chunk-reload'
/** A second missing chunk within this time is a real fault: the crash screen shows instead of a loop. */
const RELOAD_WINDOW_MS = 60_000

/** The mark TanStack Router's lazy route components leave when they reloaded for a missing module. */
export const routerReloadKey = (error: Error) => `tanstack_router_reload:${error.message}`

/**
 * Reloads the page once to pick up the new version's code; false when that was just tried, by us or
 * by the router (whose lazy route components reload once for a missing module of their own accord).
 */
export function reloadOnceForNewVersion(
  storage: Storage = window.sessionStorage,
  now = Date.now(),
  error?: Error,
): boolean {
  const last = Number(storage.getItem(RELOADED_KEY) ?? 0)
  if (now - last < RELOAD_WINDOW_MS || (error && storage.getItem(routerReloadKey(error)) !== null))
    return false
  storage.setItem(RELOADED_KEY, String(now))
  window.location.reload()
  return true
}

/**
 * The router's error view. Code that fails to load offline shows the offline notice; online it means
 * a new version replaced it: the page reloads once instead of showing the crash screen.
 */
export function RouteError({ error }: { error: unknown }) {
  const online = useOnline()
  const missingCode = isChunkLoadError(error)
  const reload = missingCode && online
  useEffect(() => {
    if (reload) reloadOnceForNewVersion(window.sessionStorage, Date.now(), error as Error)
  }, [reload, error])
  if (missingCode && !online) return <OfflineNotice />
  return <CrashScreen />
}
