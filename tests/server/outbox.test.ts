import { describe, expect, it } from 'vitest'
import { createTestApp, openTestApp } from './helpers/test-app'

const app = await openTestApp()

describe('GET /sandbox/outbox', () => {
  it('shows the recorded e-mails and texts, newest first, to a visitor on this machine', async () => {
    await app.mailer.send({
      to: 'reader@example.com',
      subject: 'Hello <there>',
      text: 'Code 123456',
      template: 't',
    })
    await app.sms.send({ to: '+13125550199', body: 'Text 654321', template: 't' })
    const response = await app.inject({ url: '/sandbox/outbox' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html).toContain('Hello &#60;there&#62;')
    expect(html.indexOf('Text 654321')).toBeGreaterThan(-1)
    expect(html.indexOf('Text 654321')).toBeLessThan(html.indexOf('Code 123456'))
  })

  it('is not found from another machine or through a proxy', async () => {
    expect((await app.inject({ url: '/sandbox/outbox', remoteAddress: '203.0.113.7' })).statusCode).toBe(404)
    const proxied = await app.inject({
      url: '/sandbox/outbox',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    expect(proxied.statusCode).toBe(404)
  })

  it('is not found when the server listens on a public address', async () => {
    const open = await createTestApp({ env: { HOST: '0.0.0.0' } })
    try {
      expect((await open.inject({ url: '/sandbox/outbox' })).statusCode).toBe(404)
      expect((await open.inject({ url: '/api/public/recovery/delivery/' })).json().outbox_url).toBeNull()
    } finally {
      await open.close()
    }
  })
})
