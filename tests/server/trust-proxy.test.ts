import { describe, expect, it } from 'vitest'
import { createTestApp } from './helpers/test-app'

/** Ten login attempts per minute per address; an attacker rotates the address they claim. */
async function statusesBehindProxy(trustProxy: string, forwardedFor: (i: number) => string) {
  const app = await createTestApp({ env: { TRUST_PROXY: trustProxy } })
  try {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/client/auth/login/',
        payload: { email: `visitor${i}@example.com`, password: 'x' },
        headers: { 'x-forwarded-for': forwardedFor(i) },
        remoteAddress: '10.0.0.2',
      })
      statuses.push(response.statusCode)
    }
    return statuses
  } finally {
    await app.close()
  }
}

describe('TRUST_PROXY', () => {
  it('with one trusted hop, a spoofed left-most X-Forwarded-For buys no extra attempts', async () => {
    // The proxy appends the real client address; whatever the client wrote stays on the left.
    const statuses = await statusesBehindProxy('1', (i) => `198.51.100.${i}, 203.0.113.7`)
    expect(statuses.at(-1)).toBe(429)
  })

  it('with the proxy listed by address, the address it reports is the client', async () => {
    const statuses = await statusesBehindProxy('10.0.0.0/8', (i) => `198.51.100.${i}, 203.0.113.7`)
    expect(statuses.at(-1)).toBe(429)
  })

  it('tells real clients behind the proxy apart', async () => {
    const statuses = await statusesBehindProxy('1', (i) => `203.0.113.${i}`)
    expect(statuses.every((s) => s === 401)).toBe(true)
  })
})
