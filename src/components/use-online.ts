import { useSyncExternalStore } from 'react'
import { connectivity } from '@/lib/connectivity'

/**
 * Whether our server can be reached: the browser's own idea of the network, corrected by real
 * requests (a network that passes nothing counts as offline until a request is answered).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.online, () => true)
}
