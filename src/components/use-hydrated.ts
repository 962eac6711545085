import { useSyncExternalStore } from 'react'
import { AWAITING_APP_ATTRIBUTE } from '@/contract/page-data'

const subscribe = () => () => {}

/**
 * False while a prerendered page is being adopted by React (and in the prerender itself), true from
 * the render after that; true at once for anything the renderer draws itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * The mark of a prerendered form until React has adopted it (spread on the <form>). The form stays in
 * the page, the accessibility tree and the Tab order: src/app/early-input.ts hands what was typed
 * meanwhile to React, and the page's head script holds a submission until then.
 */
export const awaitingApp = (hydrated: boolean) => ({ [AWAITING_APP_ATTRIBUTE]: hydrated ? undefined : '' })
