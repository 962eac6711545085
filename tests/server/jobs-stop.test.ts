import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { wrapPglite } from '../../server/db/client'
import { JobQueue } from '../../server/plugins/jobs'

/*
 * A job still running when stop() stops waiting outlives the queue; the app then closes its database.
 * When that job ends, the queue must not write its result through the closed database (on PostgreSQL
 * that was an unhandled "Cannot use a pool after calling end on the pool"): the result is dropped and
 * the job, still active in the database, expires and runs again on the next start.
 */
const client = await PGlite.create({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) })
afterAll(() => client.close())

describe('job queue stop', () => {
  it('sends nothing to the database for a job that outlived the stop', async () => {
    const { executeSql } = wrapPglite(client)
    let afterStop = 0
    let stopped = false
    const queue = new JobQueue(
      async (text, values) => {
        if (stopped) afterStop += 1
        return executeSql(text, values)
      },
      { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 0, stopTimeoutSeconds: 1 },
      (error) => {
        throw error
      },
    )
    let release = () => {}
    const running = vi.fn()
    queue.define('test-outlives-stop', async () => {
      running()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await queue.start()
    await queue.send('test-outlives-stop', {})
    await vi.waitFor(() => expect(running).toHaveBeenCalled(), { timeout: 20_000, interval: 100 })

    await queue.stop()
    stopped = true
    release()
    // Whatever the worker does once the handler returns happens within a few ticks.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(afterStop).toBe(0)
    expect(queue.running).toBe(false)
  })
})
