import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../db/client'
import { accountThrottles } from '../../db/schema'
import { throttled } from '../../lib/errors'

/**
 * Per-account throttle for password and code checks (ASVS 6.3.1). Addresses are cheap for an
 * attacker, accounts are not: after 5 failures each further failure doubles the wait before the next
 * attempt (30 s, 1 min, 2 min ... at most 15 min). It never locks the owner out for good: the wait is
 * capped, and failures are forgotten a day after the last one or at the next success.
 */
export const THROTTLE = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
} as const

export const throttleKeys = {
  login: (email: string) => `login:${email.toLowerCase()}`,
  code: (userId: number) => `code:${userId}`,
}

export function delayAfter(failures: number): number {
  const over = failures - THROTTLE.freeFailures
  if (over <= 0) return 0
  return Math.min(THROTTLE.firstDelayMs * 2 ** (over - 1), THROTTLE.maxDelayMs)
}

/** Refuses the attempt with 429 and Retry-After while the account is waiting after failures. */
export async function assertNotThrottled(db: Executor, key: string, log: FastifyBaseLogger, userId?: number) {
  const [row] = await db.select().from(accountThrottles).where(eq(accountThrottles.key, key)).limit(1)
  const waitMs = (row?.blockedUntil?.getTime() ?? 0) - Date.now()
  if (waitMs <= 0) return
  log.warn({ event: 'auth.throttled', userId: userId ?? null, key: key.split(':')[0] }, 'attempt throttled')
  const seconds = Math.ceil(waitMs / 1000)
  throw throttled(`Too many failed attempts for this account. Try again in ${seconds} seconds.`, seconds)
}

/** Counts a failure (atomically, so parallel guesses all count) and sets the next allowed time. */
export async function recordFailure(db: Executor, key: string): Promise<number> {
  const now = new Date()
  const forgetBefore = new Date(now.getTime() - THROTTLE.forgetAfterMs)
  const [row] = await db
    .insert(accountThrottles)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: accountThrottles.key,
      set: {
        failures: sql`case when ${accountThrottles.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${accountThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: accountThrottles.failures })
  const failures = row?.failures ?? 1
  const delay = delayAfter(failures)
  if (delay > 0) {
    await db
      .update(accountThrottles)
      .set({ blockedUntil: new Date(now.getTime() + delay) })
      .where(eq(accountThrottles.key, key))
  }
  return failures
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(accountThrottles).where(eq(accountThrottles.key, key))
}
