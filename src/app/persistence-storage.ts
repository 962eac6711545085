// Where the persisted query cache lives (IndexedDB) and which tabs of the site are alive (Web Locks):
// the two browser facilities QueryPersistence (persistence.ts) stands on, each replaceable in tests.
import type { AsyncStorage } from '@tanstack/react-query-persist-client'
import { del, get, keys, set } from 'idb-keyval'

/** The storage the persistence needs: the persister's, and the keys it holds (to find each tab's writes). */
export interface PersistenceStorage extends AsyncStorage<string> {
  keys(): Promise<string[]>
}

export function idbStorage(): PersistenceStorage {
  return {
    getItem: (key) => get<string>(key).then((v) => v ?? null),
    setItem: (key, value) => set(key, value),
    removeItem: (key) => del(key),
    keys: async () => (await keys()).filter((key): key is string => typeof key === 'string'),
  }
}

/**
 * Which tabs of this site are alive. Each tab holds a lock named after it for the life of its page; a
 * tab whose lock nobody holds is gone (closed, reloaded, crashed), and its queued writes are adopted.
 */
export interface TabLocks {
  /** Takes this tab's lock for the life of the page; resolves once it is held. */
  hold(tabId: string): Promise<void>
  /** The ids of the tabs holding their lock now. */
  alive(): Promise<Set<string>>
  /** Runs `task` while no other tab of this site runs one (adoption is done by one tab at a time). */
  exclusive<T>(task: () => Promise<T>): Promise<T>
}

const TAB_LOCK_PREFIX = 'cypher-tab-'
/** Where a closing tab with queued writes tells the others. */
export const TAB_CHANNEL = 'cypher-tabs'
const ADOPT_LOCK = 'cypher-queued-writes'

/** Tab locks over the Web Locks API, or null where the browser has none. */
export function webTabLocks(): TabLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return null
  return {
    hold: (tabId) =>
      new Promise<void>((held) => {
        // Never released: the browser releases it when the page goes.
        locks
          .request(TAB_LOCK_PREFIX + tabId, () => {
            held()
            return new Promise<never>(() => {})
          })
          // Refused (an opaque origin): this tab goes on without, as where the API is missing.
          .catch(() => held())
      }),
    alive: async () => {
      const { held = [] } = await locks.query()
      const ids = held
        .map((lock) => lock.name ?? '')
        .filter((name) => name.startsWith(TAB_LOCK_PREFIX))
        .map((name) => name.slice(TAB_LOCK_PREFIX.length))
      return new Set(ids)
    },
    exclusive: (task) => locks.request(ADOPT_LOCK, task),
  }
}
