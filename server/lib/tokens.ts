import { createHash, randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Role } from '@/contract/auth'

const ISSUER = 'cypher-api'
const AUDIENCE = 'cypher-clients'
const ACCESS_TYP = 'access+jwt'
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

export interface AccessClaims {
  userId: number
  role: Role
}

export class AccessTokens {
  private readonly keys: Uint8Array[]

  constructor(secret: string, previousSecret?: string) {
    const encoder = new TextEncoder()
    // The previous secret keeps tokens signed before a key rotation valid until they expire.
    this.keys = [secret, previousSecret].filter((s): s is string => !!s).map((s) => encoder.encode(s))
  }

  async sign(claims: AccessClaims): Promise<string> {
    const [key] = this.keys
    if (!key) throw new Error('No signing key')
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key)
  }

  /** Returns the claims, or null for any token that is malformed, forged, expired or of another type. */
  async verify(token: string): Promise<AccessClaims | null> {
    for (const key of this.keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: ACCESS_TYP,
          requiredClaims: ['sub', 'exp', 'iat'],
        })
        const userId = Number(payload.sub)
        const role = payload.role
        if (!Number.isInteger(userId) || (role !== 'client' && role !== 'staff')) return null
        return { userId, role }
      } catch (error) {
        if (error instanceof errors.JWSSignatureVerificationFailed) continue
        return null
      }
    }
    return null
  }
}

/** 256 random bits, URL-safe. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
