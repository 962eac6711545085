import { lazy, Suspense, useSyncExternalStore } from 'react'

// Toasts are not needed to draw a page: the notification system is fetched with the first toast.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })))

let needed = false
const listeners = new Set<() => void>()

/** Called before the first toast; mounts the container, which then shows what is queued. */
export function requestNotificationsHost() {
  if (needed) return
  needed = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function NotificationsHost() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => needed,
    () => false,
  )
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1100} />
    </Suspense>
  )
}
