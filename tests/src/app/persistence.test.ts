import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import type { Persister } from '@tanstack/react-query-persist-client'
import { describe, expect, it } from 'vitest'
import { QueryPersistence } from '../../../src/app/persistence'

/** A persister over a Map that tells the test when the writes it was asked for have landed. */
function memoryPersister() {
  const storage = new Map<string, string>()
  const inner = createAsyncStoragePersister({
    storage: {
      getItem: async (key) => storage.get(key) ?? null,
      setItem: async (key, value) => void storage.set(key, value),
      removeItem: async (key) => void storage.delete(key),
    },
    throttleTime: 0,
  })
  const writes: Promise<unknown>[] = []
  const persister: Persister = {
    ...inner,
    persistClient: (client) => {
      const write = Promise.resolve(inner.persistClient(client))
      writes.push(write)
      return write
    },
  }
  /** Resolves once every write asked for so far (and any asked for meanwhile) has reached the storage. */
  async function written() {
    let asked
    do {
      asked = writes.length
      await Promise.all(writes)
    } while (asked !== writes.length)
  }
  return { storage, persister, written, writesAsked: () => writes.length }
}

describe('QueryPersistence', () => {
  it('persists only queries marked meta.persist', async () => {
    const { storage, persister, written } = memoryPersister()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, persister, 'build-1')
    await persistence.start(7)
    await client.fetchQuery({ queryKey: ['tickets'], queryFn: async () => ['t1'], meta: { persist: true } })
    await client.fetchQuery({ queryKey: ['blog'], queryFn: async () => ['post'] })
    await written()
    const saved = JSON.parse([...storage.values()][0] ?? '{}')
    const keys = saved.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)
    expect(keys).toEqual([['tickets']])
    expect(saved.buster).toBe('build-1:7')
  })

  it("restores the same user's cache and discards another user's", async () => {
    const { persister, written } = memoryPersister()
    const first = new QueryClient()
    const p1 = new QueryPersistence(first, persister, 'build-1')
    await p1.start(7)
    await first.fetchQuery({
      queryKey: ['overview'],
      queryFn: async () => ({ total: 3 }),
      meta: { persist: true },
    })
    await written()
    p1.stop()

    const same = new QueryClient()
    await new QueryPersistence(same, persister, 'build-1').start(7)
    expect(same.getQueryData(['overview'])).toEqual({ total: 3 })

    const other = new QueryClient()
    await new QueryPersistence(other, persister, 'build-1').start(8)
    expect(other.getQueryData(['overview'])).toBeUndefined()
  })

  it('clears memory and the stored copy on logout', async () => {
    const { storage, persister, written, writesAsked } = memoryPersister()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, persister, 'build-1')
    await persistence.start(7)
    await client.fetchQuery({
      queryKey: ['wallet'],
      queryFn: async () => ({ balance: 5 }),
      meta: { persist: true },
    })
    await written()
    expect(storage.size).toBe(1)
    await persistence.clear()
    expect(client.getQueryData(['wallet'])).toBeUndefined()
    expect(storage.size).toBe(0)
    // Nothing is written after the clear: the cache's events no longer reach the persister.
    const asked = writesAsked()
    await client.fetchQuery({
      queryKey: ['wallet'],
      queryFn: async () => ({ balance: 6 }),
      meta: { persist: true },
    })
    expect(writesAsked()).toBe(asked)
    await written()
    expect(storage.size).toBe(0)
  })
})
