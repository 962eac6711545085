import { readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { hashPassword, scryptPool, verifyPassword } from '../../server/lib/password'
import { ScryptPool } from '../../server/lib/scrypt-pool'

describe('password hashing in a worker pool', () => {
  it('hashes and verifies in worker threads', async () => {
    const stored = await hashPassword('Str0ng!Pass', 12)
    expect(stored).toMatch(/^scrypt\$12\$8\$1\$/)
    expect(await verifyPassword('Str0ng!Pass', stored)).toBe(true)
    expect(await verifyPassword('Wr0ng!Pass', stored)).toBe(false)
  })

  it('is sized to the cores, leaving one for the API', () => {
    expect(scryptPool.size).toBe(Math.max(1, availableParallelism() - 1))
  })

  it('leaves libuv’s thread pool free: a file read during a burst of hashes is not queued behind them', async () => {
    const order: string[] = []
    const hashes = Array.from({ length: 4 }, () => hashPassword('burst', 15).then(() => order.push('hash')))
    await readFile(import.meta.filename).then(() => order.push('file'))
    await Promise.all(hashes)
    expect(order[0]).toBe('file')
  })

  it('runs no more hashes at once than it has workers; the rest wait their turn', async () => {
    const pool = new ScryptPool(1)
    const options = { N: 2 ** 10, r: 8, p: 1 }
    const jobs = ['a', 'b', 'c'].map((p) => pool.hash(p, Buffer.from('salt'), 16, options))
    expect(pool.waiting).toBe(2)
    const keys = await Promise.all(jobs)
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(3)
    expect(pool.waiting).toBe(0)
  })
})
