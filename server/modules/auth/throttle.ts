import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../db/client'
import { throttled } from '../../lib/errors'
import { claimThrottledAttempt, deleteThrottle, findThrottle } from './repository'

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
  /** Sign-in guesses from anywhere but the owner's trusted devices. */
  login: (email: string) => `login:${email.toLowerCase()}`,
  /** Sign-in guesses from one trusted device (a stolen device cookie buys no more guesses). */
  device: (deviceId: string) => `device:${deviceId}`,
  code: (userId: number) => `code:${userId}`,
}

export function delayAfter(failures: number): number {
  const over = failures - THROTTLE.freeFailures
  if (over <= 0) return 0
  return Math.min(THROTTLE.firstDelayMs * 2 ** (over - 1), THROTTLE.maxDelayMs)
}

function refuse(waitMs: number, key: string, log: FastifyBaseLogger, userId?: number): never {
  log.warn({ event: 'auth.throttled', userId: userId ?? null, key: key.split(':')[0] }, 'attempt throttled')
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  throw throttled(`Too many failed attempts for this account. Try again in ${seconds} seconds.`, seconds)
}

/**
 * Claims one attempt before the check, in one statement: it is counted as a failure up front (a success
 * clears it with `clearFailures`) and sets the wait the count calls for, unless the key is already
 * waiting, which refuses it with 429. Parallel guesses queue on the row, so each sees the count of the
 * ones before it: 20 sent at once get 6 checks (5 free, the 6th starts the wait), not 20.
 */
export async function claimAttempt(db: Executor, key: string, log: FastifyBaseLogger, userId?: number) {
  const now = new Date()
  const claimed = await claimThrottledAttempt(db, key, now, THROTTLE)
  if (claimed) return claimed.failures
  const row = await findThrottle(db, key)
  return refuse((row?.blockedUntil?.getTime() ?? now.getTime() + 1000) - now.getTime(), key, log, userId)
}

export async function clearFailures(db: Executor, key: string) {
  await deleteThrottle(db, key)
}
