import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccessTokens } from '../../server/lib/tokens'

const SECRET = 'a-secret-long-enough-for-hs256-signing-of-tokens'
const claims = { userId: 7, role: 'client' as const, sessionId: '0b7a9f7e-3c1d-4f7a-9a51-2f3e4d5c6b7a' }

afterEach(() => {
  vi.useRealTimers()
})

describe('AccessTokens.verify', () => {
  it('refuses a token once it expires, also after it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const tokens = new AccessTokens(SECRET, undefined, 60)
    const token = await tokens.sign(claims)
    expect(await tokens.verify(token)).toMatchObject(claims)
    expect(await tokens.verify(token)).toMatchObject(claims)
    vi.setSystemTime(Date.now() + 61_000)
    expect(await tokens.verify(token)).toBeNull()
  })

  it('refuses a token whose signature was altered after the genuine one was accepted', async () => {
    const tokens = new AccessTokens(SECRET)
    const token = await tokens.sign(claims)
    expect(await tokens.verify(token)).not.toBeNull()
    const [header, payload] = token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    expect(await tokens.verify(forged)).toBeNull()
  })

  it("refuses another secret's token", async () => {
    const token = await new AccessTokens('another-secret-long-enough-for-hs256-signing').sign(claims)
    expect(await new AccessTokens(SECRET).verify(token)).toBeNull()
  })
})
