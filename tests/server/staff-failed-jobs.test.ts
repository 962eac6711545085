import { describe, expect, it, vi } from 'vitest'
import { staffOverviewSchema } from '../../src/contract/staff'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The overview's failed-jobs tile reads pg-boss's own tables: a job whose handler throws and has no
 * retries left is counted and listed with its queue's name and error, newest first.
 */
const app = await openTestApp({
  jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 0 },
  extend: (app) => {
    app.jobs.define<{ n: number }>('test-always-fails', async ({ n }) => {
      throw new Error(`Mail server refused message ${n}`)
    })
  },
})
const staff = await signIn(app, STAFF)
const overview = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/staff/overview/', headers: staff.headers })
  expect(response.statusCode).toBe(200)
  return staffOverviewSchema.parse(response.json())
}

describe('overview: failed jobs', () => {
  it('counts none while nothing failed', async () => {
    expect((await overview()).failed_jobs).toEqual({ count: 0, latest: [] })
  })

  it('counts failed jobs and lists the newest with name and error', async () => {
    await app.jobs.send('test-always-fails', { n: 1 })
    await vi.waitFor(async () => expect((await overview()).failed_jobs.count).toBe(1), {
      timeout: 20_000,
      interval: 250,
    })
    await app.jobs.send('test-always-fails', { n: 2 })
    await vi.waitFor(async () => expect((await overview()).failed_jobs.count).toBe(2), {
      timeout: 20_000,
      interval: 250,
    })
    const { latest } = (await overview()).failed_jobs
    expect(latest.map((j) => j.name)).toEqual(['test-always-fails', 'test-always-fails'])
    expect(latest[0]?.error).toBe('Mail server refused message 2')
    expect(latest[1]?.error).toBe('Mail server refused message 1')
    expect(latest[0]?.failed_at).not.toBeNull()
  })
})
