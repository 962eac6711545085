import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { dehydrate, hydrate, type Mutation, type Query, type QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientSubscribe,
  type AsyncStorage,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { PERSIST_MAX_AGE } from './query-client'

export const PERSIST_KEY = 'cypher-query-cache'

/**
 * The version of the persisted shapes. Raise it only when a persisted query's data changes shape in a
 * way the screens cannot read: then the stored queries are dropped (queued writes are kept). A new
 * build alone never throws the cache away.
 */
export const CACHE_SCHEMA_VERSION = 1

/** The persisted copy never grows past this; the oldest queries give way first (the demo client needs ~40 KB). */
export const PERSIST_CAP_BYTES = 4 * 1024 * 1024

/** The real write delay: many cache events in a burst become one write. */
export const PERSIST_THROTTLE_MS = 1000

export function busterFor(userId: number): string {
  return `v${CACHE_SCHEMA_VERSION}:u${userId}`
}

function userOfBuster(buster: string | undefined): number | null {
  const match = /:u(\d+)$/.exec(buster ?? '')
  return match ? Number(match[1]) : null
}

export function idbStorage(): AsyncStorage<string> {
  return {
    getItem: (key) => get<string>(key).then((v) => v ?? null),
    setItem: (key, value) => set(key, value),
    removeItem: (key) => del(key),
  }
}

/** A write asked for by a user whose session has since ended: it must never reach the disk. */
class StaleWrite extends Error {}

export interface PersistenceOptions {
  throttleTime?: number
  capBytes?: number
  /**
   * The device refused to store more (quota) or the cap was reached: the oldest data was left out.
   * Called once per signed-in session (each write after that would say the same again).
   */
  onStorageFull?: () => void
}

function isPersistedQuery(query: Query): boolean {
  return query.meta?.persist === true && query.state.status === 'success'
}

/**
 * The writes kept on disk: queued ones, and those on their way when the queue can send them again after
 * a reload (comments: the client's mutation defaults hold their function, and `client_ref` makes a
 * resend safe). A page closed or reloaded while a comment is being sent keeps it.
 */
function keptWrite(queryClient: QueryClient, mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  if (mutation.state.isPaused) return true
  if (mutation.state.status !== 'pending') return false
  const key = mutation.options.mutationKey
  return key !== undefined && queryClient.getMutationDefaults(key).mutationFn !== undefined
}

/**
 * Keeps the signed-in user's portal queries (meta.persist) and queued writes in IndexedDB. The buster
 * is the cache schema version and the user id: another user never sees this cache, and a new build
 * keeps it. Queued writes (paused mutations) of the same user survive a schema change and a session
 * that expired; only sign-out or another user's sign-in drops them.
 */
export class QueryPersistence {
  private unsubscribe: (() => void) | null = null
  /** The buster writes are accepted for; null while nobody is signed in. */
  private buster: string | null = null
  private readonly persister: Persister
  private readonly capBytes: number
  private toldStorageFull = false

  constructor(
    private readonly queryClient: QueryClient,
    private readonly storage: AsyncStorage<string> = idbStorage(),
    private readonly options: PersistenceOptions = {},
  ) {
    this.capBytes = options.capBytes ?? PERSIST_CAP_BYTES
    this.persister = createAsyncStoragePersister({
      storage,
      key: PERSIST_KEY,
      throttleTime: options.throttleTime ?? PERSIST_THROTTLE_MS,
      // Runs when the throttled write fires, not when it was asked for: a write of a user who has
      // signed out since is refused here.
      serialize: (client) => this.serialize(client),
      retry: ({ persistedClient, error }) => {
        if (error instanceof StaleWrite) return undefined
        this.storageFull()
        return dropOldestQuery(persistedClient)
      },
    })
  }

  private serialize(stored: PersistedClient): string {
    if (this.buster === null || stored.buster !== this.buster) throw new StaleWrite()
    // Every kept write waits on disk as queued: the next start sends it again.
    const client = { ...stored, clientState: { ...stored.clientState, mutations: asQueued(stored) } }
    let text = JSON.stringify(client)
    if (text.length <= this.capBytes) return text
    let trimmed: PersistedClient | undefined = client
    while (trimmed && text.length > this.capBytes) {
      trimmed = dropOldestQuery(trimmed)
      if (trimmed) text = JSON.stringify(trimmed)
    }
    this.storageFull()
    return text
  }

  private storageFull() {
    if (this.toldStorageFull) return
    this.toldStorageFull = true
    this.options.onStorageFull?.()
  }

  private persistOptions(buster: string) {
    return {
      queryClient: this.queryClient,
      persister: this.persister,
      buster,
      maxAge: PERSIST_MAX_AGE,
      dehydrateOptions: {
        shouldDehydrateQuery: isPersistedQuery,
        shouldDehydrateMutation: (m: Mutation<unknown, Error, unknown, unknown>) =>
          keptWrite(this.queryClient, m),
      },
    }
  }

  /** The queued writes stored for a user (those waiting after a session expired), without restoring anything. */
  async pendingWrites(userId: number): Promise<number> {
    const stored = await this.read()
    if (!stored || userOfBuster(stored.buster) !== userId) return 0
    return stored.clientState.mutations.filter((m) => m.state.isPaused).length
  }

  private async read(): Promise<PersistedClient | undefined> {
    try {
      return await this.persister.restoreClient()
    } catch {
      return undefined
    }
  }

  /** Restores the user's cache and queued writes, then keeps them; answers how many writes were waiting. */
  async start(userId: number): Promise<number> {
    this.stop()
    this.toldStorageFull = false
    const buster = busterFor(userId)
    const stored = await this.read()
    if (stored) {
      const fresh = typeof stored.timestamp === 'number' && Date.now() - stored.timestamp <= PERSIST_MAX_AGE
      if (stored.buster === buster && fresh) {
        hydrate(this.queryClient, stored.clientState)
        // What came from disk is shown at once but is not fresh: screens refetch it when they can.
        await this.queryClient.invalidateQueries({ refetchType: 'none' })
      } else if (userOfBuster(stored.buster) === userId) {
        // An older cache schema or an old copy: its queries go, this user's queued writes stay.
        hydrate(this.queryClient, { queries: [], mutations: stored.clientState.mutations })
      }
      if (stored.buster !== buster || !fresh) await this.storage.removeItem(PERSIST_KEY)
    }
    this.buster = buster
    const options = this.persistOptions(buster)
    this.unsubscribe = persistQueryClientSubscribe(options)
    // Restored writes are saved under the current buster at once, then go out once we are back.
    await this.writeNow()
    const waiting = this.queryClient
      .getMutationCache()
      .getAll()
      .filter((m) => m.state.isPaused).length
    void this.queryClient.resumePausedMutations()
    return waiting
  }

  /**
   * Writes the cache at once, past the throttle. Writes on their way are kept as queued (when the
   * session just ended, their answer will not count).
   */
  private async writeNow(): Promise<void> {
    if (this.buster === null) return
    const clientState = dehydrate(this.queryClient, {
      shouldDehydrateQuery: isPersistedQuery,
      shouldDehydrateMutation: (m) => keptWrite(this.queryClient, m),
    })
    const client: PersistedClient = { buster: this.buster, timestamp: Date.now(), clientState }
    try {
      await this.storage.setItem(PERSIST_KEY, this.serialize(client))
    } catch {
      this.storageFull()
    }
  }

  stop() {
    this.unsubscribe?.()
    this.unsubscribe = null
  }

  /**
   * The session expired: this user's data and queued writes stay on disk for their next sign-in, and
   * leave memory; nothing more is written until someone signs in.
   */
  async suspend(): Promise<number> {
    this.stop()
    await this.writeNow()
    const waiting = (await this.read())?.clientState.mutations.length ?? 0
    this.buster = null
    await this.queryClient.cancelQueries()
    this.queryClient.clear()
    return waiting
  }

  /** Logout or user switch: stop writing, drop everything in memory, and wait until the stored copy is gone. */
  async clear(): Promise<void> {
    this.stop()
    // A write the throttle still holds is refused from here on.
    this.buster = null
    await this.queryClient.cancelQueries()
    this.queryClient.clear()
    await this.storage.removeItem(PERSIST_KEY)
  }
}

function asQueued(client: PersistedClient): PersistedClient['clientState']['mutations'] {
  return client.clientState.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } }))
}

/** The stored client without its least recently updated query, or undefined when none is left. */
function dropOldestQuery(client: PersistedClient): PersistedClient | undefined {
  const queries = [...client.clientState.queries]
  if (queries.length === 0) return undefined
  let oldest = 0
  queries.forEach((q, i) => {
    if (q.state.dataUpdatedAt < (queries[oldest]?.state.dataUpdatedAt ?? Infinity)) oldest = i
  })
  queries.splice(oldest, 1)
  return { ...client, clientState: { ...client.clientState, queries } }
}
