import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while a prerendered page is being adopted by React (and in the prerender itself), true from
 * the render after that; true at once for anything the renderer draws itself. A prerendered form
 * stays inert until then, so nothing can be typed that hydration would then disown.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
