import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { Role } from '@/contract/auth'

const ISSUER = 'cypher-api'
const AUDIENCE = 'cypher-clients'
const ACCESS_TYP = 'access+jwt'
const CHALLENGE_TYP = 'mfa-challenge+jwt'
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
/** How long the second sign-in step may take after the password was accepted. */
export const CHALLENGE_TTL_SECONDS = 5 * 60

export interface AccessClaims {
  userId: number
  role: Role
  /** The session (refresh-token family) the token was issued for. */
  sessionId: string
  /** Milliseconds since the epoch: compared with the user's "tokens valid after" time. */
  issuedAt: number
}

/** The password was right; the second factor is still due ('verify') or must first be set up ('setup'). */
export interface ChallengeClaims {
  userId: number
  purpose: 'verify' | 'setup'
  remember: boolean
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const MAX_VERIFIED_TOKENS = 10_000

export class AccessTokens {
  private readonly keys: Uint8Array[]
  /**
   * Tokens whose signature and claims were checked, until they expire: a signed token cannot change, and
   * checking it again (a WebCrypto key import and HMAC) was a sixth of a cached dashboard read. Whether
   * its session still stands is checked on every request all the same (SessionState).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()

  constructor(
    secret: string,
    previousSecret?: string,
    readonly ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ) {
    const encoder = new TextEncoder()
    // The previous secret keeps tokens signed before a key rotation valid until they expire.
    this.keys = [secret, previousSecret].filter((s): s is string => !!s).map((s) => encoder.encode(s))
  }

  private signingKey(): Uint8Array {
    const [key] = this.keys
    if (!key) throw new Error('No signing key')
    return key
  }

  async sign(claims: Omit<AccessClaims, 'issuedAt'>): Promise<string> {
    const now = Date.now()
    // iat keeps its milliseconds (a NumericDate may be fractional, RFC 7519 §2), so a token issued just
    // after a revocation in the same second is told apart from one issued just before it.
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now / 1000)
      .setExpirationTime(Math.floor(now / 1000) + this.ttlSeconds)
      .sign(this.signingKey())
  }

  async signChallenge(claims: ChallengeClaims): Promise<string> {
    return new SignJWT({ purpose: claims.purpose, remember: claims.remember })
      .setProtectedHeader({ alg: 'HS256', typ: CHALLENGE_TYP })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
      .sign(this.signingKey())
  }

  private async payload(token: string, typ: string): Promise<JWTPayload | null> {
    for (const key of this.keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ,
          requiredClaims: ['sub', 'exp', 'iat'],
        })
        return payload
      } catch (error) {
        if (error instanceof errors.JWSSignatureVerificationFailed) continue
        return null
      }
    }
    return null
  }

  /** Returns the claims, or null for any token that is malformed, forged, expired or of another type. */
  async verify(token: string): Promise<AccessClaims | null> {
    const kept = this.verified.get(token)
    if (kept) {
      if (Date.now() < kept.expiresAt) return kept.claims
      this.verified.delete(token)
    }
    const payload = await this.payload(token, ACCESS_TYP)
    if (!payload) return null
    const userId = Number(payload.sub)
    const { role, sid, iat, exp } = payload
    if (!Number.isInteger(userId) || (role !== 'client' && role !== 'staff')) return null
    if (typeof sid !== 'string' || !UUID.test(sid) || typeof iat !== 'number') return null
    const claims: AccessClaims = { userId, role, sessionId: sid, issuedAt: Math.round(iat * 1000) }
    if (typeof exp === 'number') {
      if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear()
      this.verified.set(token, { claims, expiresAt: exp * 1000 })
    }
    return claims
  }

  async verifyChallenge(token: string): Promise<ChallengeClaims | null> {
    const payload = await this.payload(token, CHALLENGE_TYP)
    if (!payload) return null
    const userId = Number(payload.sub)
    const { purpose, remember } = payload
    if (!Number.isInteger(userId) || (purpose !== 'verify' && purpose !== 'setup')) return null
    return { userId, purpose, remember: remember === true }
  }
}

/** 256 random bits, URL-safe. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const SEAL_VERSION = 'v1'
const SEAL_IV_BYTES = 12
const SEAL_TAG_BYTES = 16

/**
 * The AES-256 key that seals a rotated refresh token's successor: an HMAC keyed with the rotated token
 * itself, so it is unrelated to the stored SHA-256 hash and only someone presenting that token has it.
 */
function sealKey(token: string): Buffer {
  return createHmac('sha256', token).update('cypher refresh successor').digest()
}

/** Encrypts `secret` (AES-256-GCM) so that only a holder of `token` can read it back. */
export function sealWithToken(token: string, secret: string): string {
  const iv = randomBytes(SEAL_IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return `${SEAL_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** Reads what `sealWithToken` sealed with the same token; null for another token or a damaged seal. */
export function unsealWithToken(token: string, sealed: string): string | null {
  const [version, encoded] = sealed.split('.')
  if (version !== SEAL_VERSION || !encoded) return null
  const raw = Buffer.from(encoded, 'base64url')
  if (raw.length <= SEAL_IV_BYTES + SEAL_TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), raw.subarray(0, SEAL_IV_BYTES))
    decipher.setAuthTag(raw.subarray(SEAL_IV_BYTES, SEAL_IV_BYTES + SEAL_TAG_BYTES))
    const body = Buffer.concat([
      decipher.update(raw.subarray(SEAL_IV_BYTES + SEAL_TAG_BYTES)),
      decipher.final(),
    ])
    return body.toString('utf8')
  } catch {
    return null
  }
}
