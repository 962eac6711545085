import { Alert } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { IconWifiOff } from '@tabler/icons-react'
import { useCallback, useSyncExternalStore } from 'react'
import { formatDateTime } from '@/lib/format'
import { useOnline } from './use-online'

/** The oldest update time of the portal data this screen shows (its observed, persisted queries), or 0. */
function useShownDataTime(): number {
  const queryClient = useQueryClient()
  const cache = queryClient.getQueryCache()
  const read = useCallback(() => {
    let oldest = 0
    for (const query of cache.getAll()) {
      if (query.meta?.persist !== true || query.getObserversCount() === 0) continue
      const updated = query.state.dataUpdatedAt
      if (updated > 0 && (oldest === 0 || updated < oldest)) oldest = updated
    }
    return oldest
  }, [cache])
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    read,
    () => 0,
  )
}

/**
 * Above every portal screen while offline: "Offline — showing data from <time>", the time of the
 * oldest saved data on screen. A view with nothing saved shows its own offline panel.
 */
export function OfflineBanner() {
  const online = useOnline()
  const time = useShownDataTime()
  if (online || time === 0) return null
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconWifiOff size={18} aria-hidden />}
      role="status"
      data-testid="offline-banner"
      mx="md"
      mt="md"
    >
      Offline — showing data from {formatDateTime(new Date(time))}
    </Alert>
  )
}
