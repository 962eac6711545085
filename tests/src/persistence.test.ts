import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { QueryPersistence } from '../../src/app/persistence'

function memoryPersister() {
  const storage = new Map<string, string>()
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: async (key) => storage.get(key) ?? null,
      setItem: async (key, value) => void storage.set(key, value),
      removeItem: async (key) => void storage.delete(key),
    },
    throttleTime: 0,
  })
  return { storage, persister }
}

const settle = () => new Promise((r) => setTimeout(r, 20))

describe('QueryPersistence', () => {
  it('persists only queries marked meta.persist', async () => {
    const { storage, persister } = memoryPersister()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, persister, 'build-1')
    await persistence.start(7)
    await client.fetchQuery({ queryKey: ['tickets'], queryFn: async () => ['t1'], meta: { persist: true } })
    await client.fetchQuery({ queryKey: ['blog'], queryFn: async () => ['post'] })
    await settle()
    const saved = JSON.parse([...storage.values()][0] ?? '{}')
    const keys = saved.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)
    expect(keys).toEqual([['tickets']])
    expect(saved.buster).toBe('build-1:7')
  })

  it("restores the same user's cache and discards another user's", async () => {
    const { persister } = memoryPersister()
    const first = new QueryClient()
    const p1 = new QueryPersistence(first, persister, 'build-1')
    await p1.start(7)
    await first.fetchQuery({
      queryKey: ['overview'],
      queryFn: async () => ({ total: 3 }),
      meta: { persist: true },
    })
    await settle()
    p1.stop()

    const same = new QueryClient()
    await new QueryPersistence(same, persister, 'build-1').start(7)
    expect(same.getQueryData(['overview'])).toEqual({ total: 3 })

    const other = new QueryClient()
    await new QueryPersistence(other, persister, 'build-1').start(8)
    expect(other.getQueryData(['overview'])).toBeUndefined()
  })

  it('clears memory and the stored copy on logout', async () => {
    const { storage, persister } = memoryPersister()
    const client = new QueryClient()
    const persistence = new QueryPersistence(client, persister, 'build-1')
    await persistence.start(7)
    await client.fetchQuery({
      queryKey: ['wallet'],
      queryFn: async () => ({ balance: 5 }),
      meta: { persist: true },
    })
    await settle()
    await persistence.clear()
    expect(client.getQueryData(['wallet'])).toBeUndefined()
    expect(storage.size).toBe(0)
    // Nothing is written after the clear.
    await client.fetchQuery({
      queryKey: ['wallet'],
      queryFn: async () => ({ balance: 6 }),
      meta: { persist: true },
    })
    await settle()
    expect(storage.size).toBe(0)
  })
})
