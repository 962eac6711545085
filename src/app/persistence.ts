import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { PERSIST_MAX_AGE } from './query-client'

export const PERSIST_KEY = 'cypher-query-cache'

export function createIdbPersister(): Persister {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key).then((v) => v ?? null),
      setItem: (key, value) => set(key, value),
      removeItem: (key) => del(key),
    },
    key: PERSIST_KEY,
    throttleTime: 1000,
  })
}

/**
 * Keeps the signed-in user's portal queries (meta.persist) in IndexedDB. The buster carries the build
 * and the user id: a new build or another user never sees a stale or foreign cache.
 */
export class QueryPersistence {
  private unsubscribe: (() => void) | null = null

  constructor(
    private readonly queryClient: QueryClient,
    private readonly persister: Persister,
    private readonly buildId: string,
  ) {}

  async start(userId: number): Promise<void> {
    this.stop()
    const options = {
      queryClient: this.queryClient,
      persister: this.persister,
      buster: `${this.buildId}:${userId}`,
      maxAge: PERSIST_MAX_AGE,
      dehydrateOptions: {
        shouldDehydrateQuery: (query: { meta?: { persist?: boolean }; state: { status: string } }) =>
          query.meta?.persist === true && query.state.status === 'success',
      },
    }
    try {
      await persistQueryClientRestore(options)
      // What came from disk is shown at once but is not fresh: screens refetch it when they can.
      await this.queryClient.invalidateQueries({ refetchType: 'none' })
    } catch {
      // An unreadable cache is dropped by the restore itself; the app starts without it.
    }
    this.unsubscribe = persistQueryClientSubscribe(options)
    // Writes queued offline in the persisted copy go out once we are back.
    void this.queryClient.resumePausedMutations()
  }

  stop() {
    this.unsubscribe?.()
    this.unsubscribe = null
  }

  /** Logout or user switch: stop writing, drop everything in memory, and wait until the stored copy is gone. */
  async clear(): Promise<void> {
    this.stop()
    await this.queryClient.cancelQueries()
    this.queryClient.clear()
    await this.persister.removeClient()
  }
}
