import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { authSessions, users } from '../db/schema'
import type { AccessClaims } from '../lib/tokens'
import type { Role } from '@/contract/auth'

/** How long one instance trusts what it read about a user and session (revocation elsewhere waits this long). */
export const SESSION_STATE_CACHE_MS = 5_000
const MAX_ENTRIES = 10_000

interface StoredState {
  active: boolean
  role: Role
  tokensValidAfter: number | null
  session: { revoked: boolean; expiresAt: number } | null
}

/**
 * Whether an access token still stands: its user is active, its session neither revoked nor expired,
 * and it was issued after the user's "tokens valid after" time. Read from the database and cached
 * briefly per user and session; a revocation made by this instance forgets the user at once.
 */
export class SessionState {
  private readonly cache = new Map<string, { at: number; state: StoredState | null }>()

  constructor(
    private readonly db: Database,
    private readonly ttlMs = SESSION_STATE_CACHE_MS,
  ) {}

  /** The role to act with, or null when the token must be refused. */
  async check(claims: AccessClaims): Promise<Role | null> {
    const state = await this.read(claims.userId, claims.sessionId)
    if (!state?.active || !state.session || state.session.revoked) return null
    if (state.session.expiresAt <= Date.now()) return null
    if (state.tokensValidAfter !== null && claims.issuedAt < state.tokensValidAfter) return null
    return state.role
  }

  forgetUser(userId: number): void {
    const prefix = `${userId}:`
    for (const key of this.cache.keys()) if (key.startsWith(prefix)) this.cache.delete(key)
  }

  private async read(userId: number, sessionId: string): Promise<StoredState | null> {
    const key = `${userId}:${sessionId}`
    const cached = this.cache.get(key)
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.state
    const [row] = await this.db
      .select({
        active: users.isActive,
        role: users.role,
        tokensValidAfter: users.tokensValidAfter,
        sessionId: authSessions.id,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
      })
      .from(users)
      .leftJoin(authSessions, and(eq(authSessions.id, sessionId), eq(authSessions.userId, users.id)))
      .where(eq(users.id, userId))
      .limit(1)
    const state: StoredState | null = row
      ? {
          active: row.active,
          role: row.role,
          tokensValidAfter: row.tokensValidAfter?.getTime() ?? null,
          session:
            row.sessionId && row.expiresAt
              ? { revoked: row.revokedAt !== null, expiresAt: row.expiresAt.getTime() }
              : null,
        }
      : null
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear()
    this.cache.set(key, { at: Date.now(), state })
    return state
  }
}
