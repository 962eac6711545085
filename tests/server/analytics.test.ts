import { desc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { pageViews } from '../../server/db/schema'
import { signIn } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

describe('POST /api/analytics/page-views/', () => {
  it('stores a page view with its visit id', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views/',
      payload: { path: '/services/cloud', session_id: 'abcdef123456', platform: 'web' },
    })
    expect(response.statusCode).toBe(204)
    const [row] = await app.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1)
    expect(row).toMatchObject({
      path: '/services/cloud',
      sessionId: 'abcdef123456',
      platform: 'web',
      userId: null,
    })
  })

  it('links the view to the signed-in user when a token is sent', async () => {
    const { headers, client } = await signIn(app)
    await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views/',
      payload: { path: '/dashboard' },
      headers,
    })
    const [row] = await app.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1)
    expect(row?.userId).toBe(client.id)
  })

  it('rejects a path that is not an absolute path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views/',
      payload: { path: 'https://evil.example/' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().path).toBeDefined()
  })
})
