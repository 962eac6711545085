import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Mutation,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'
import {
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
import {
  idbStorage,
  TAB_CHANNEL,
  webTabLocks,
  type PersistenceStorage,
  type TabLocks,
} from './persistence-storage'
import { PERSIST_MAX_AGE } from './query-client'

export const PERSIST_KEY = 'cypher-query-cache'

/**
 * Each tab's queued writes are stored under their own key (this prefix and the tab's id): the shared
 * copy has one writer at a time, and a tab that never held a comment must not be able to drop it.
 */
export const WRITES_KEY_PREFIX = 'cypher-queued-writes:'

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

/** A write asked for by a user whose session has since ended: it must never reach the disk. */
class StaleWrite extends Error {}

export interface PersistenceOptions {
  throttleTime?: number
  /** This page's id among the tabs (a new one per page life: a reloaded page is a tab gone and one new). */
  tabId?: string
  /** Which tabs are alive; null (no Web Locks) takes every other tab's writes as a gone tab's. */
  locks?: TabLocks | null
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
  return mutation.state.status === 'pending' && resendable(queryClient, mutation)
}

/** A write the queue can send again after a reload: its function is in the client's mutation defaults. */
function resendable(queryClient: QueryClient, mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  const key = mutation.options.mutationKey
  return key !== undefined && queryClient.getMutationDefaults(key).mutationFn !== undefined
}

type StoredWrite = DehydratedState['mutations'][number]

/** One tab's queued writes on disk, under `WRITES_KEY_PREFIX` + its id; the buster names their user. */
interface StoredWrites {
  buster: string
  timestamp: number
  mutations: StoredWrite[]
}

/** The shared copy names the tab that wrote it last (copies from before each tab kept its own do not). */
type SharedCopy = PersistedClient & { tab?: string }

/**
 * Keeps the signed-in user's portal queries (meta.persist) and queued writes in IndexedDB. The buster
 * is the cache schema version and the user id: another user never sees this cache, and a new build
 * keeps it. Queued writes (paused mutations) of the same user survive a schema change and a session
 * that expired; only sign-out or another user's sign-in drops them.
 *
 * Every tab writes the one shared copy (last writer wins, which is fine for cached reads). Queued writes
 * are also stored per tab, and only that tab writes its own: a tab that never held a comment cannot
 * drop it from disk. A starting tab adopts (hydrates, stores as its own, then sends) the writes of tabs
 * that are gone, which it tells by their Web Lock.
 */
export class QueryPersistence {
  private unsubscribe: (() => void) | null = null
  /** The buster writes are accepted for; null while nobody is signed in. */
  private buster: string | null = null
  private readonly persister: Persister
  private readonly capBytes: number
  private toldStorageFull = false
  readonly tabId: string
  private readonly locks: TabLocks | null
  private lockHeld: Promise<void> | null = null
  /** The save of this tab's queued writes under way, and whether the writes changed since it began. */
  private writesSaving: Promise<void> | null = null
  private writesChanged = false

  constructor(
    private readonly queryClient: QueryClient,
    private readonly storage: PersistenceStorage = idbStorage(),
    private readonly options: PersistenceOptions = {},
  ) {
    this.capBytes = options.capBytes ?? PERSIST_CAP_BYTES
    this.tabId = options.tabId ?? newTabId()
    this.locks = options.locks === undefined ? webTabLocks() : options.locks
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

  private get writesKey(): string {
    return WRITES_KEY_PREFIX + this.tabId
  }

  private serialize(stored: PersistedClient): string {
    if (this.buster === null || stored.buster !== this.buster) throw new StaleWrite()
    // Every kept write waits on disk as queued: the next start sends it again.
    const client: SharedCopy = {
      ...stored,
      tab: this.tabId,
      clientState: {
        ...stored.clientState,
        queries: stored.clientState.queries.map(asStored),
        mutations: stored.clientState.mutations.map(asQueued),
      },
    }
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

  /** The queued writes stored for a user (every tab's, those waiting after a session expired), without restoring anything. */
  async pendingWrites(userId: number): Promise<number> {
    const { writes } = await this.storedWrites(userId, new Set(), await this.read())
    return writes.length
  }

  private async read(): Promise<SharedCopy | undefined> {
    try {
      return await this.persister.restoreClient()
    } catch {
      return undefined
    }
  }

  /** The keys of every tab's stored writes (none when the storage cannot list them). */
  private async writesKeys(): Promise<string[]> {
    try {
      return (await this.storage.keys()).filter((key) => key.startsWith(WRITES_KEY_PREFIX))
    } catch {
      return []
    }
  }

  private async readWrites(key: string): Promise<StoredWrites | undefined> {
    try {
      const text = await this.storage.getItem(key)
      const parsed: unknown = text ? JSON.parse(text) : undefined
      if (!parsed || typeof parsed !== 'object') return undefined
      const { buster, timestamp, mutations } = parsed as Partial<StoredWrites>
      if (typeof buster !== 'string' || !Array.isArray(mutations)) return undefined
      return { buster, timestamp: typeof timestamp === 'number' ? timestamp : 0, mutations }
    } catch {
      return undefined
    }
  }

  /**
   * The user's queued writes that no tab in `alive` holds, each once: every other tab's stored writes,
   * and the shared copy's when its writer left none of its own (a copy from before tabs kept their own).
   * `keys` are the stored writes read, of any user: once taken over, they are removed.
   */
  private async storedWrites(
    userId: number,
    alive: Set<string>,
    shared: SharedCopy | undefined,
  ): Promise<{ writes: StoredWrite[]; keys: string[] }> {
    const writes: StoredWrite[] = []
    const keys: string[] = []
    const stored = new Set<string>()
    for (const key of await this.writesKeys()) {
      const tab = key.slice(WRITES_KEY_PREFIX.length)
      stored.add(tab)
      if (alive.has(tab)) continue
      const record = await this.readWrites(key)
      if (record && userOfBuster(record.buster) === userId) writes.push(...record.mutations)
      keys.push(key)
    }
    const writer = shared?.tab
    if (
      shared &&
      userOfBuster(shared.buster) === userId &&
      !(writer && (alive.has(writer) || stored.has(writer)))
    )
      writes.push(...shared.clientState.mutations)
    return { writes: distinctWrites(writes), keys }
  }

  /** Restores the user's cache and queued writes, then keeps them; answers how many writes were waiting. */
  async start(userId: number): Promise<number> {
    const { adopted } = await this.restore(userId)
    return adopted
  }

  /**
   * Restores the user's cached queries and answers at once, so the portal can show them; the rest of
   * the start goes on in `adopted`: taking over the queued writes of gone tabs (under the tab locks,
   * listing and reading every tab's stored writes), then keeping the cache on disk and sending the
   * writes. `adopted` answers how many writes were waiting.
   */
  async restore(userId: number): Promise<{ adopted: Promise<number> }> {
    this.stop()
    this.toldStorageFull = false
    const buster = busterFor(userId)
    // Held before any write is adopted or saved: a tab starting meanwhile sees this one alive. The
    // cached queries are read meanwhile (they are not writes: nobody takes them over).
    this.lockHeld ??= this.locks?.hold(this.tabId) ?? Promise.resolve()
    const stored = await this.read()
    if (stored && stored.buster === buster && isFresh(stored)) {
      // The queued writes come from the tabs that hold them (below), not from the last writer's copy.
      hydrate(this.queryClient, { queries: stored.clientState.queries, mutations: [] })
      // What came from disk is shown at once but is not fresh: screens refetch it when they can.
      await this.queryClient.invalidateQueries({ refetchType: 'none' })
    }
    this.buster = buster
    let stopped = false
    let adoptedAll = false
    let unsubscribeCache: (() => void) | null = null
    let unsubscribeWrites: (() => void) | null = null
    this.unsubscribe = () => {
      stopped = true
      unsubscribeCache?.()
      unsubscribeWrites?.()
    }
    const adopted = (async () => {
      await this.lockHeld
      if (stopped) return 0
      // Before the adoption: a write asked for meanwhile (the portal is on screen) is saved as this tab's.
      unsubscribeWrites = this.queryClient.getMutationCache().subscribe((event) => {
        void this.saveWrites()
        // A queued write delivered: its result (a comment added to its ticket) reaches the shared copy at
        // once, not after the throttle, so a reload right after it does not find it only as queued. Not
        // before the adoption has read the shared copy (an old one may still hold a gone tab's writes).
        if (
          adoptedAll &&
          event.type === 'updated' &&
          event.action.type === 'success' &&
          resendable(this.queryClient, event.mutation)
        )
          void this.writeNow()
      })
      await this.adoptWrites(userId)
      adoptedAll = true
      if (stopped) return 0
      const options = this.persistOptions(buster)
      unsubscribeCache = persistQueryClientSubscribe(options)
      // The portal was on screen during the adoption: what its queries fetched meanwhile raised no event
      // the subscription could see, and would reach the disk only with the next change (a page whose
      // data all arrived by then kept none of it). Saved once now, through the throttle.
      void persistQueryClientSave(options)
      const waiting = this.queryClient
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused).length
      void this.queryClient.resumePausedMutations()
      return waiting
    })()
    return { adopted }
  }

  /**
   * Takes over the user's queued writes that no live tab holds: those of tabs gone (closed, reloaded,
   * crashed) and this tab's own (kept over an expired session). One tab at a time does it; the writes
   * are on disk as this tab's, and the shared copy names this tab, before the gone tabs' are removed.
   */
  private async adoptWrites(userId: number): Promise<void> {
    const adopt = async () => {
      // The session ended (or another user signed in) before this tab's turn: nothing is taken over.
      if (this.buster !== busterFor(userId)) return
      const alive = this.locks ? await this.locks.alive() : new Set<string>()
      alive.delete(this.tabId)
      // Read again here: a tab that adopted a moment ago has rewritten it.
      const shared = await this.read()
      const { writes, keys } = await this.storedWrites(userId, alive, shared)
      if (this.buster !== busterFor(userId)) return
      const held = new Set(this.queryClient.getMutationCache().getAll().map(heldWriteKey))
      const adopted = writes.filter((write) => !held.has(writeKey(write)))
      if (adopted.length > 0) hydrate(this.queryClient, { queries: [], mutations: adopted.map(asQueued) })
      await this.saveWrites()
      // An older cache schema, an old copy or another user's: its queries go (this user's queued writes
      // were just taken over).
      if (shared && (shared.buster !== this.buster || !isFresh(shared)))
        await this.storage.removeItem(PERSIST_KEY)
      // Restored writes are saved under the current buster at once, then go out once we are back.
      await this.writeNow()
      for (const key of keys) if (key !== this.writesKey) await this.storage.removeItem(key)
    }
    try {
      await (this.locks ? this.locks.exclusive(adopt) : adopt())
    } catch {
      // Storage or locks failed: what is on disk stays there for the next start; this tab goes on.
    }
  }

  /**
   * Takes over and sends the queued writes of tabs closed since this one started (a comment written in
   * a tab closed since must not wait while this older tab stays open).
   */
  async adoptLeftWrites(): Promise<void> {
    const userId = userOfBuster(this.buster ?? undefined)
    if (userId === null) return
    await this.adoptWrites(userId)
    void this.queryClient.resumePausedMutations()
  }

  /** A tab closing says so to the others; they adopt its queued writes once its lock is released. */
  adoptWhenTabsClose() {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(TAB_CHANNEL)
    channel.onmessage = () => setTimeout(() => void this.adoptLeftWrites(), 500)
    window.addEventListener('pagehide', () => {
      if (
        this.queryClient
          .getMutationCache()
          .getAll()
          .some((m) => m.state.status === 'pending')
      )
        channel.postMessage('closing')
    })
  }

  /** Saves this tab's queued writes at once, one save at a time, each with the writes as they are then. */
  private saveWrites(): Promise<void> {
    this.writesChanged = true
    this.writesSaving ??= (async () => {
      while (this.writesChanged) {
        this.writesChanged = false
        await this.writeWrites()
      }
      this.writesSaving = null
    })()
    return this.writesSaving
  }

  private async writeWrites(): Promise<void> {
    if (this.buster === null) return
    const { mutations } = dehydrate(this.queryClient, {
      shouldDehydrateQuery: () => false,
      shouldDehydrateMutation: (m) => keptWrite(this.queryClient, m),
    })
    const record: StoredWrites = {
      buster: this.buster,
      timestamp: Date.now(),
      mutations: mutations.map(asQueued),
    }
    try {
      await this.storage.setItem(this.writesKey, JSON.stringify(record))
    } catch {
      this.storageFull()
    }
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
   * leave memory; nothing more is written until someone signs in. Answers how many writes wait (every
   * tab's: the session ended for all of them).
   */
  async suspend(): Promise<number> {
    this.stop()
    await this.saveWrites()
    await this.writeNow()
    const userId = userOfBuster(this.buster ?? undefined)
    const waiting = userId === null ? 0 : await this.pendingWrites(userId)
    this.buster = null
    await this.queryClient.cancelQueries()
    this.queryClient.clear()
    return waiting
  }

  /** Logout or user switch: stop writing, drop everything in memory, and wait until every stored copy is gone. */
  async clear(): Promise<void> {
    this.stop()
    // A write the throttle still holds is refused from here on; a save of queued writes under way ends first.
    this.buster = null
    await this.writesSaving
    await this.queryClient.cancelQueries()
    this.queryClient.clear()
    await this.storage.removeItem(PERSIST_KEY)
    // Every tab's: they all sign out with this one.
    for (const key of await this.writesKeys()) await this.storage.removeItem(key)
  }
}

/** A page's id among the tabs; `crypto.randomUUID` exists only in secure contexts. */
function newTabId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('-')
}

function isFresh(stored: PersistedClient): boolean {
  return typeof stored.timestamp === 'number' && Date.now() - stored.timestamp <= PERSIST_MAX_AGE
}

/** A query as it may go to disk: through its `meta.persistAs` when it has one (a secret masked). */
function asStored(query: DehydratedState['queries'][number]): DehydratedState['queries'][number] {
  const persistAs = query.meta?.persistAs
  if (typeof persistAs !== 'function' || query.state.data === undefined) return query
  return { ...query, state: { ...query.state, data: persistAs(query.state.data) } }
}

function asQueued(write: StoredWrite): StoredWrite {
  return { ...write, state: { ...write.state, isPaused: true } }
}

/** What names a queued write across tabs and page lives: its kind and its input (a comment's carries its client_ref). */
function writeKey(write: { mutationKey?: unknown; state: { variables?: unknown } }): string {
  return JSON.stringify([write.mutationKey ?? null, write.state.variables ?? null])
}

function heldWriteKey(mutation: Mutation<unknown, Error, unknown, unknown>): string {
  return writeKey({ mutationKey: mutation.options.mutationKey, state: mutation.state })
}

function distinctWrites(writes: StoredWrite[]): StoredWrite[] {
  const seen = new Set<string>()
  return writes.filter((write) => {
    const key = writeKey(write)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
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
