import { describe, expect, it, vi } from 'vitest'
import { DATABASE_RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../../server/plugins/error-handler'
import { isDatabaseUnreachable } from '../../server/lib/database-outage'
import { signIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openStoppableDatabase } from './helpers/stoppable-database'
import { openTestApp } from './helpers/test-app'

const database = await openStoppableDatabase()
const app = await openTestApp({ database: database.handle })
const { get } = requests(app)
const demo = await signIn(app)

const paths = [
  '/api/public/blog/categories/',
  '/api/public/offers/1/',
  '/api/public/careers/',
  '/api/client/overview/',
  '/api/support/tickets/',
]

describe('a database outage under a running app', () => {
  it('answers 503 with Retry-After while the database is away, logs it once, and logs the recovery', async () => {
    const errors = vi.spyOn(app.log, 'error')
    const infos = vi.spyOn(app.log, 'info')
    // (Not a listed path: a public answer read before the outage is kept, and would still be served.)
    expect((await get('/readyz')).statusCode).toBe(200)

    await database.stop()
    const during = [...paths, ...paths, ...paths]
    const responses = await Promise.all(during.map((path) => get(path, demo)))
    for (const [i, response] of responses.entries()) {
      expect(response.statusCode, `${during[i]}: ${response.body}`).toBe(503)
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
      expect(response.json()).toEqual({ detail: UNAVAILABLE_MESSAGE })
    }
    expect((await get('/readyz')).statusCode).toBe(503)
    const outageLines = errors.mock.calls.filter(([, message]) =>
      String(message).startsWith('database unreachable'),
    )
    expect(outageLines).toHaveLength(1)
    expect(errors.mock.calls.filter(([, message]) => message === 'request failed')).toEqual([])
    expect(app.databaseOutage.down).toBe(true)

    await database.start()
    await vi.waitFor(
      () => expect(infos).toHaveBeenCalledWith({ downMs: expect.any(Number) }, 'database reachable again'),
      { timeout: 15_000, interval: 100 },
    )
    expect(app.databaseOutage.down).toBe(false)
    for (const path of paths) expect((await get(path, demo)).statusCode, path).toBeLessThan(500)
    expect((await get('/readyz')).statusCode).toBe(200)
    expect(
      errors.mock.calls.filter(([, message]) => String(message).startsWith('database unreachable')),
    ).toHaveLength(1)
  })
})

describe('isDatabaseUnreachable', () => {
  it('recognises connection failures through the wrappers drizzle puts around them', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnreachable(new Error('Failed query: select 1', { cause: refused }))).toBe(true)
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    )
    expect(isDatabaseUnreachable(new AggregateError([refused], 'connect failed'))).toBe(true)
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  it('leaves query and data errors alone', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnreachable(Object.assign(new Error('statement timeout'), { code: '57014' }))).toBe(
      false,
    )
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false)
  })
})
