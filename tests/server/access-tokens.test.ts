import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AccessTokens,
  hashToken,
  newRefreshToken,
  sealWithToken,
  unsealWithToken,
} from '../../server/lib/tokens'

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

describe('sealWithToken (a rotated refresh token keeps its successor for the grace window)', () => {
  it('gives the successor back to the token that sealed it, and to no other', () => {
    const rotated = newRefreshToken()
    const successor = newRefreshToken()
    const sealed = sealWithToken(rotated, successor)
    expect(unsealWithToken(rotated, sealed)).toBe(successor)
    expect(unsealWithToken(newRefreshToken(), sealed)).toBeNull()
    // What the database holds (the seal and the rotated token's hash) does not open it.
    expect(sealed).not.toContain(successor)
    expect(unsealWithToken(hashToken(rotated), sealed)).toBeNull()
  })

  it('refuses a damaged or unknown seal', () => {
    const rotated = newRefreshToken()
    const sealed = sealWithToken(rotated, newRefreshToken())
    const body = sealed.slice(3)
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`
    expect(unsealWithToken(rotated, `v1.${flipped}`)).toBeNull()
    expect(unsealWithToken(rotated, `v2.${body}`)).toBeNull()
    expect(unsealWithToken(rotated, 'v1.')).toBeNull()
    expect(unsealWithToken(rotated, 'garbage')).toBeNull()
  })

  it('seals the same successor differently each time (a fresh nonce)', () => {
    const rotated = newRefreshToken()
    const successor = newRefreshToken()
    expect(sealWithToken(rotated, successor)).not.toBe(sealWithToken(rotated, successor))
  })
})
