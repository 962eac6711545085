import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  busterFor,
  PERSIST_KEY,
  PERSIST_THROTTLE_MS,
  QueryPersistence,
  WRITES_KEY_PREFIX,
} from '../../../src/app/persistence'
import type { PersistenceStorage, TabLocks } from '../../../src/app/persistence-storage'
import { appQueryOptions } from '../../../src/features/apps/api/get-app'

/** Storage over a Map; `failNext` makes the next write fail as a full disk does. */
function memoryStorage() {
  const map = new Map<string, string>()
  let failures = 0
  const storage: PersistenceStorage = {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => {
      if (failures > 0) {
        failures--
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      map.set(key, value)
    },
    removeItem: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
  }
  const saved = () => {
    const raw = map.get(PERSIST_KEY)
    return raw ? JSON.parse(raw) : null
  }
  return { map, storage, saved, failNext: (n = 1) => void (failures = n) }
}

const persisted = { meta: { persist: true } }

/**
 * The tabs of one browser as Web Locks see them: a tab is alive from its start until it is closed
 * (its page unloaded, reloaded or crashed), and one tab at a time runs an exclusive task.
 */
function browserTabs() {
  const alive = new Set<string>()
  let running: Promise<unknown> = Promise.resolve()
  const locks: TabLocks = {
    hold: async (tabId) => void alive.add(tabId),
    alive: async () => new Set(alive),
    exclusive: (task) => {
      const run = running.then(task)
      running = run.catch(() => {})
      return run
    },
  }
  return { locks, close: (tabId: string) => void alive.delete(tabId) }
}

/** The contents of the comments stored as queued, every tab's, in the order of their keys. */
function queuedContents(map: Map<string, string>): string[] {
  return [...map.entries()]
    .filter(([key]) => key.startsWith(WRITES_KEY_PREFIX))
    .flatMap(([, text]) =>
      (JSON.parse(text) as { mutations: { state: { variables: { content: string } } }[] }).mutations.map(
        (m) => m.state.variables.content,
      ),
    )
}

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

  it("keeps an app's live API key masked on disk, in full in memory (issue 27)", async () => {
    const { map, storage, saved } = memoryStorage()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, storage, { throttleTime: 0 })
    await persistence.start(7)
    const secret = 'cyk_live_0123456789abcdefSECRET'
    const details = { id: 4, name: 'Shop', api_key: secret, test_api_key: 'cyk_test_abc' }
    await client.fetchQuery({ ...appQueryOptions(4), queryFn: async () => details as never })
    await vi.waitFor(() => expect(saved()?.clientState.queries).toHaveLength(1))
    expect(client.getQueryData(['portal', 'app', 4])).toMatchObject({ api_key: secret })
    expect([...map.values()].join('')).not.toContain('SECRET')
    expect(saved().clientState.queries[0].state.data.api_key).toBe(`cyk_live${'•'.repeat(16)}`)
    expect(saved().clientState.queries[0].state.data.test_api_key).toBe('cyk_test_abc')

    // Restored from disk, the masked copy is what the screen gets until the key is fetched.
    persistence.stop()
    const next = new QueryClient()
    await new QueryPersistence(next, storage).start(7)
    expect(next.getQueryData<{ api_key: string }>(['portal', 'app', 4])?.api_key).toBe(
      `cyk_live${'•'.repeat(16)}`,
    )
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

  it('a delivered comment reaches the stored copy at once, not after the throttle', async () => {
    const { storage, saved } = memoryStorage()
    const client = new QueryClient()
    client.setMutationDefaults(['support', 'add-comment'], {
      mutationFn: async (input: { content: string }) => input.content,
      onSuccess: (content: string) => client.setQueryData(['ticket'], { comments: [content] }),
    })
    // A throttle no test outlasts: only a write past it can land.
    const persistence = new QueryPersistence(client, storage, { throttleTime: 600_000 })
    await client.fetchQuery({ queryKey: ['ticket'], queryFn: async () => ({ comments: [] }), ...persisted })
    // The start writes the copy past the throttle; every throttled write after it waits.
    await persistence.start(7)
    expect(saved().clientState.queries[0].state.data).toEqual({ comments: [] })
    const comment = client.getMutationCache().build(client, { mutationKey: ['support', 'add-comment'] })
    await comment.execute({ ticket: 1, content: 'delivered', client_ref: 'ref-1' })
    await vi.waitFor(() =>
      expect(saved().clientState.queries[0].state.data).toEqual({ comments: ['delivered'] }),
    )
    expect(saved().clientState.mutations).toEqual([])
    persistence.stop()
  })

  describe('tabs of one browser', () => {
    /** A tab's page: its query client (comments are sent by the client's defaults) and its persistence. */
    function openTab(storage: PersistenceStorage, locks: TabLocks, tabId: string) {
      const client = new QueryClient()
      const send = vi.fn(async (input: { content: string }) => ({ id: 1, content: input.content }))
      client.setMutationDefaults(['support', 'add-comment'], { mutationFn: send })
      const persistence = new QueryPersistence(client, storage, { throttleTime: 0, tabId, locks })
      return { client, send, persistence }
    }

    /**
     * A tab of user 7 that queued the comment 'left behind' offline (after `before`, if given) and was
     * closed: its writes stay on disk for the next page to take over.
     */
    async function leaveClosedTab(
      map: Map<string, string>,
      storage: PersistenceStorage,
      browser: ReturnType<typeof browserTabs>,
      before?: (tab: ReturnType<typeof openTab>) => Promise<void>,
    ) {
      const gone = openTab(storage, browser.locks, 'gone')
      await gone.persistence.start(7)
      await before?.(gone)
      queueOffline(gone.client, { ticket: 1, content: 'left behind', client_ref: 'ref-gone' })
      await vi.waitFor(() => expect(queuedContents(map)).toEqual(['left behind']))
      gone.persistence.stop()
      browser.close('gone')
    }

    it("a comment queued in a tab closed since survives the other tab's writes and is sent once by the next start", async () => {
      const { map, storage, saved } = memoryStorage()
      const browser = browserTabs()
      const a = openTab(storage, browser.locks, 'a')
      const b = openTab(storage, browser.locks, 'b')
      await a.persistence.start(7)
      await b.persistence.start(7)
      onlineManager.setOnline(false)
      a.client.getMutationCache().build(a.client, { mutationKey: ['support', 'add-comment'] })
      void a.client
        .getMutationCache()
        .getAll()[0]
        ?.execute({ ticket: 1, content: 'from A', client_ref: 'ref-a' })
        .catch(() => {})
      await vi.waitFor(() => expect(queuedContents(map)).toEqual(['from A']))
      // Tab B, which never held the comment, writes the shared copy (offline: data from elsewhere).
      await b.client.fetchQuery({
        queryKey: ['b'],
        queryFn: async () => 1,
        networkMode: 'always',
        ...persisted,
      })
      await vi.waitFor(() =>
        expect(saved().clientState.queries.map((q: { queryKey: string[] }) => q.queryKey[0])).toContain('b'),
      )
      expect(saved().clientState.mutations).toEqual([])
      expect(queuedContents(map)).toEqual(['from A'])
      // Tab A is closed before the network comes back; B, still open, leaves A's writes alone.
      a.persistence.stop()
      browser.close('a')
      onlineManager.setOnline(true)
      expect(b.client.getMutationCache().getAll()).toHaveLength(0)

      // The next page to start takes the comment over and sends it, once.
      const c = openTab(storage, browser.locks, 'c')
      expect(await c.persistence.start(7)).toBe(1)
      await vi.waitFor(() => expect(c.send).toHaveBeenCalledTimes(1))
      expect(c.send.mock.calls[0]?.[0]).toMatchObject({ content: 'from A', client_ref: 'ref-a' })
      await vi.waitFor(() => expect(queuedContents(map)).toEqual([]))
      expect(map.has(`${WRITES_KEY_PREFIX}a`)).toBe(false)
      expect(b.send).not.toHaveBeenCalled()
    })

    it("a tab starting while another is open leaves that tab's queued comment to it", async () => {
      const { map, storage } = memoryStorage()
      const browser = browserTabs()
      const a = openTab(storage, browser.locks, 'a')
      await a.persistence.start(7)
      queueOffline(a.client, { ticket: 1, content: 'held by A', client_ref: 'ref-a' })
      await vi.waitFor(() => expect(queuedContents(map)).toEqual(['held by A']))
      const b = openTab(storage, browser.locks, 'b')
      expect(await b.persistence.start(7)).toBe(0)
      expect(b.client.getMutationCache().getAll()).toHaveLength(0)
      expect(queuedContents(map)).toEqual(['held by A'])
      // A session that expires counts every tab's waiting writes.
      expect(await b.persistence.pendingWrites(7)).toBe(1)
    })

    it("two tabs starting together take a closed tab's comment over once", async () => {
      const { map, storage } = memoryStorage()
      const browser = browserTabs()
      await leaveClosedTab(map, storage, browser)
      const b = openTab(storage, browser.locks, 'b')
      const c = openTab(storage, browser.locks, 'c')
      const waiting = await Promise.all([b.persistence.start(7), c.persistence.start(7)])
      expect(waiting.sort()).toEqual([0, 1])
      expect(queuedContents(map)).toEqual(['left behind'])
    })

    it("a starting page shows its cached data before it takes over a closed tab's comment (issue 27)", async () => {
      const { map, storage } = memoryStorage()
      const browser = browserTabs()
      await leaveClosedTab(map, storage, browser, async (gone) => {
        await gone.client.fetchQuery({
          queryKey: ['overview'],
          queryFn: async () => ({ total: 3 }),
          ...persisted,
        })
        await vi.waitFor(() => expect(map.get(PERSIST_KEY)).toContain('overview'))
      })

      // Another page holds the adoption lock: the next page's adoption cannot begin meanwhile.
      let release = () => {}
      const holding = browser.locks.exclusive(() => new Promise<void>((done) => (release = done)))
      const next = openTab(storage, browser.locks, 'next')
      const { adopted } = await next.persistence.restore(7)
      expect(next.client.getQueryData(['overview'])).toEqual({ total: 3 })
      expect(next.client.getMutationCache().getAll()).toHaveLength(0)

      release()
      await holding
      expect(await adopted).toBe(1)
      const [comment] = next.client.getMutationCache().getAll()
      expect(comment?.state).toMatchObject({ isPaused: true, variables: { content: 'left behind' } })
      expect(queuedContents(map)).toEqual(['left behind'])
      expect(map.has(`${WRITES_KEY_PREFIX}gone`)).toBe(false)
    })

    it('what the portal fetches during the adoption reaches the disk once it is done (issue 27)', async () => {
      const { map, storage, saved } = memoryStorage()
      const browser = browserTabs()
      await leaveClosedTab(map, storage, browser)

      // The adoption has saved the writes and the shared copy, and is removing the gone tab's writes
      // (a slow disk) when the screen's data arrives; nothing changes after that.
      let removed = () => {}
      const removing = new Promise<void>((done) => (removed = done))
      let removalAsked = () => {}
      const removalWaits = new Promise<void>((done) => (removalAsked = done))
      const slowRemoval: PersistenceStorage = {
        ...storage,
        removeItem: async (key) => {
          removalAsked()
          await removing
          return storage.removeItem(key)
        },
      }
      const client = new QueryClient()
      client.setMutationDefaults(['support', 'add-comment'], { mutationFn: async () => 'sent' })
      const persistence = new QueryPersistence(client, slowRemoval, {
        throttleTime: 0,
        tabId: 'page',
        locks: browser.locks,
      })
      const { adopted } = await persistence.restore(7)
      await removalWaits
      await client.fetchQuery({
        queryKey: ['domains', 'list'],
        queryFn: async () => ['demo-company.com'],
        // Read from the cache on screen while the network is away: not paused.
        networkMode: 'always',
        ...persisted,
      })
      removed()
      expect(await adopted).toBe(1)
      await vi.waitFor(() =>
        expect(JSON.stringify(saved()?.clientState.queries)).toContain('demo-company.com'),
      )
      expect(queuedContents(map)).toEqual(['left behind'])
    })

    it('a session that ends before the adoption takes nothing over', async () => {
      const { map, storage } = memoryStorage()
      const browser = browserTabs()
      await leaveClosedTab(map, storage, browser)

      let release = () => {}
      const holding = browser.locks.exclusive(() => new Promise<void>((done) => (release = done)))
      const next = openTab(storage, browser.locks, 'next')
      const { adopted } = await next.persistence.restore(7)
      const expired = next.persistence.suspend()
      release()
      await holding
      expect(await expired).toBe(1)
      expect(await adopted).toBe(0)
      expect(next.client.getMutationCache().getAll()).toHaveLength(0)
      expect(next.send).not.toHaveBeenCalled()
      // Still on disk for the user's next sign-in.
      expect(queuedContents(map)).toEqual(['left behind'])
    })

    it("sign-out removes every tab's queued writes; another user's are never taken over", async () => {
      const { map, storage } = memoryStorage()
      const browser = browserTabs()
      const a = openTab(storage, browser.locks, 'a')
      await a.persistence.start(7)
      queueOffline(a.client, { ticket: 1, content: "user 7's", client_ref: 'ref-7' })
      await vi.waitFor(() => expect(queuedContents(map)).toEqual(["user 7's"]))
      a.persistence.stop()
      browser.close('a')
      const other = openTab(storage, browser.locks, 'other')
      expect(await other.persistence.start(8)).toBe(0)
      expect(other.client.getMutationCache().getAll()).toHaveLength(0)

      const b = openTab(storage, browser.locks, 'b')
      await b.persistence.start(7)
      queueOffline(b.client, { ticket: 1, content: 'from B', client_ref: 'ref-b' })
      await vi.waitFor(() => expect(queuedContents(map)).toEqual(['from B']))
      await b.persistence.clear()
      expect(map.size).toBe(0)
    })
  })
})
