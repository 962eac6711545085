import { onlineManager, QueryClient } from '@tanstack/react-query'
import type { AsyncStorage } from '@tanstack/react-query-persist-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { busterFor, PERSIST_KEY, PERSIST_THROTTLE_MS, QueryPersistence } from '../../../src/app/persistence'

/** Storage over a Map; `failNext` makes the next write fail as a full disk does. */
function memoryStorage() {
  const map = new Map<string, string>()
  let failures = 0
  const storage: AsyncStorage<string> = {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => {
      if (failures > 0) {
        failures--
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      map.set(key, value)
    },
    removeItem: async (key) => void map.delete(key),
  }
  const saved = () => {
    const raw = map.get(PERSIST_KEY)
    return raw ? JSON.parse(raw) : null
  }
  return { map, storage, saved, failNext: (n = 1) => void (failures = n) }
}

const persisted = { meta: { persist: true } }

/** A comment written offline: a paused mutation with its variables. */
function queueOffline(client: QueryClient, variables: unknown) {
  onlineManager.setOnline(false)
  const mutation = client.getMutationCache().build(client, {
    mutationKey: ['support', 'add-comment'],
    mutationFn: async () => 'sent',
  })
  void mutation.execute(variables).catch(() => {})
  return mutation
}

afterEach(() => {
  vi.useRealTimers()
  onlineManager.setOnline(true)
})

describe('QueryPersistence', () => {
  it('persists only queries marked meta.persist, under the cache schema version and the user', async () => {
    const { storage, saved } = memoryStorage()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, storage, { throttleTime: 0 })
    await persistence.start(7)
    await client.fetchQuery({ queryKey: ['tickets'], queryFn: async () => ['t1'], ...persisted })
    await client.fetchQuery({ queryKey: ['blog'], queryFn: async () => ['post'] })
    await vi.waitFor(() => expect(saved()?.clientState.queries).toHaveLength(1))
    expect(saved().clientState.queries[0].queryKey).toEqual(['tickets'])
    expect(saved().buster).toBe(busterFor(7))
  })

  it("restores the same user's cache and discards another user's", async () => {
    const { storage, saved } = memoryStorage()
    const first = new QueryClient()
    const p1 = new QueryPersistence(first, storage, { throttleTime: 0 })
    await p1.start(7)
    await first.fetchQuery({ queryKey: ['overview'], queryFn: async () => ({ total: 3 }), ...persisted })
    await vi.waitFor(() => expect(saved()?.clientState.queries).toHaveLength(1))
    p1.stop()

    const same = new QueryClient()
    await new QueryPersistence(same, storage).start(7)
    expect(same.getQueryData(['overview'])).toEqual({ total: 3 })

    const other = new QueryClient()
    await new QueryPersistence(other, storage).start(8)
    expect(other.getQueryData(['overview'])).toBeUndefined()
  })

  it("an older cache schema drops the stored queries but never the user's queued comments", async () => {
    const { map, storage } = memoryStorage()
    const before = new QueryClient()
    await before.fetchQuery({ queryKey: ['overview'], queryFn: async () => ({ total: 3 }), ...persisted })
    queueOffline(before, { ticket: 1, content: 'written offline' })
    const { dehydrate } = await import('@tanstack/react-query')
    map.set(
      PERSIST_KEY,
      JSON.stringify({ buster: 'v0:u7', timestamp: Date.now(), clientState: dehydrate(before) }),
    )
    onlineManager.setOnline(false)

    const after = new QueryClient()
    const waiting = await new QueryPersistence(after, storage).start(7)
    expect(after.getQueryData(['overview'])).toBeUndefined()
    expect(waiting).toBe(1)
    const [comment] = after.getMutationCache().getAll()
    expect(comment?.state).toMatchObject({ isPaused: true, variables: { content: 'written offline' } })
  })

  it("logout leaves nothing on disk even when the real throttle still holds the old user's write", async () => {
    vi.useFakeTimers()
    const { map, storage } = memoryStorage()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, storage)
    await persistence.start(7)
    await client.fetchQuery({ queryKey: ['wallet'], queryFn: async () => ({ balance: 5 }), ...persisted })
    // A second change within the throttle window: its write waits for the window to close.
    client.setQueryData(['wallet'], { balance: 6 })
    await persistence.clear()
    expect(map.size).toBe(0)
    await vi.advanceTimersByTimeAsync(PERSIST_THROTTLE_MS * 3)
    expect(map.size).toBe(0)
  })

  it('a session that expires keeps queued and in-flight comments for the same user only', async () => {
    const { storage } = memoryStorage()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, storage, { throttleTime: 0 })
    await persistence.start(7)
    queueOffline(client, { ticket: 1, content: 'queued' })
    onlineManager.setOnline(true)
    // On its way when the session ends: the server's 401 means it was not stored.
    client.setMutationDefaults(['support', 'add-comment'], { mutationFn: () => new Promise(() => {}) })
    const inFlight = client.getMutationCache().build(client, { mutationKey: ['support', 'add-comment'] })
    void inFlight.execute({ ticket: 1, content: 'in flight' })
    await vi.waitFor(() => expect(inFlight.state.status).toBe('pending'))

    onlineManager.setOnline(false)
    expect(await persistence.suspend()).toBe(2)
    expect(client.getMutationCache().getAll()).toHaveLength(0)
    expect(await persistence.pendingWrites(7)).toBe(2)
    expect(await persistence.pendingWrites(8)).toBe(0)

    const again = new QueryClient()
    expect(await new QueryPersistence(again, storage).start(7)).toBe(2)
    const contents = again
      .getMutationCache()
      .getAll()
      .map((m) => m.state.variables)
    expect(contents).toEqual([
      { ticket: 1, content: 'queued' },
      { ticket: 1, content: 'in flight' },
    ])
  })

  it('a comment on its way is kept on disk as queued, so a page closed meanwhile sends it again', async () => {
    const { storage, saved } = memoryStorage()
    const client = new QueryClient()
    client.setMutationDefaults(['support', 'add-comment'], { mutationFn: () => new Promise(() => {}) })
    const persistence = new QueryPersistence(client, storage, { throttleTime: 0 })
    await persistence.start(7)
    const comment = client.getMutationCache().build(client, { mutationKey: ['support', 'add-comment'] })
    void comment.execute({ ticket: 1, content: 'sending' })
    // Another write without a function to send it again after a reload is not kept.
    const other = client.getMutationCache().build(client, { mutationFn: () => new Promise(() => {}) })
    void other.execute({ amount: 5 })
    await vi.waitFor(() => expect(saved()?.clientState.mutations).toHaveLength(1))
    expect(saved().clientState.mutations[0].state).toMatchObject({
      isPaused: true,
      variables: { content: 'sending' },
    })

    const next = new QueryClient()
    next.setMutationDefaults(['support', 'add-comment'], { mutationFn: () => new Promise(() => {}) })
    expect(await new QueryPersistence(next, storage).start(7)).toBe(1)
  })

  it('keeps the newest data within the cap and says the device is short of space', async () => {
    const { storage, saved } = memoryStorage()
    const full = vi.fn()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, storage, {
      throttleTime: 0,
      capBytes: 900,
      onStorageFull: full,
    })
    await persistence.start(7)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000)
    await client.fetchQuery({ queryKey: ['old'], queryFn: async () => 'x'.repeat(400), ...persisted })
    vi.setSystemTime(2_000)
    await client.fetchQuery({ queryKey: ['new'], queryFn: async () => 'y'.repeat(400), ...persisted })
    vi.useRealTimers()
    await vi.waitFor(() => expect(full).toHaveBeenCalled())
    const keys = saved().clientState.queries.map((q: { queryKey: string[] }) => q.queryKey[0])
    expect(keys).toEqual(['new'])
  })

  it('a quota error drops the oldest query and tells the user instead of losing the write', async () => {
    const { storage, saved, failNext } = memoryStorage()
    const full = vi.fn()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, storage, { throttleTime: 0, onStorageFull: full })
    await persistence.start(7)
    await client.fetchQuery({ queryKey: ['a'], queryFn: async () => 1, ...persisted })
    await vi.waitFor(() => expect(saved()?.clientState.queries).toHaveLength(1))
    failNext()
    await client.fetchQuery({ queryKey: ['b'], queryFn: async () => 2, ...persisted })
    await vi.waitFor(() => expect(full).toHaveBeenCalled())
    await vi.waitFor(() =>
      expect(saved().clientState.queries.map((q: { queryKey: string[] }) => q.queryKey)).toContainEqual([
        'b',
      ]),
    )
    // The user hears it once, not at every write that follows.
    failNext()
    await client.fetchQuery({ queryKey: ['c'], queryFn: async () => 3, ...persisted })
    await vi.waitFor(() =>
      expect(saved().clientState.queries.map((q: { queryKey: string[] }) => q.queryKey)).toContainEqual([
        'c',
      ]),
    )
    expect(full).toHaveBeenCalledTimes(1)
  })
})
