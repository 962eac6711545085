import { afterAll, describe, expect, it, vi } from 'vitest'
import { JobQueue } from '../../server/plugins/jobs'
import { openTestDatabase } from './helpers/test-app'

/*
 * A job still running when stop() stops waiting outlives the queue; the app then closes its database.
 * When that job ends, the queue must not write its result through the closed database (on PostgreSQL
 * that was an unhandled "Cannot use a pool after calling end on the pool"): the result is dropped and
 * the job, still active in the database, expires and runs again on the next start.
 */
const database = await openTestDatabase()
afterAll(() => database.close())

describe('job queue stop', () => {
  it('sends nothing to the database for a job that outlived the stop', async () => {
    const { executeSql } = database
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
