import * as z from 'zod/mini'
import { localStore } from '@/lib/storage'

/**
 * Spec 001 §4: after a Paymob or Fawry checkout opens, the app id is stored locally as a pending
 * payment, so the dashboard can tell when the gateway confirms it and the app becomes active. Kept per
 * user, so one account never sees another's.
 */
const storageKey = (userId: number) => `pendingAppPayments:${userId}`
/** An unpaid app is not watched for ever: after this long the app list's status tells the rest. */
const FORGET_AFTER_MS = 7 * 86_400_000

const pendingSchema = z.array(
  z.object({ appId: z.int(), orderId: z.nullable(z.int()), name: z.string(), since: z.number() }),
)
export type PendingAppPayment = z.infer<typeof pendingSchema>[number]

function read(userId: number): PendingAppPayment[] {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(localStore.get(storageKey(userId)) ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

function write(userId: number, entries: PendingAppPayment[]) {
  if (entries.length === 0) localStore.remove(storageKey(userId))
  else localStore.set(storageKey(userId), JSON.stringify(entries))
}

export function pendingAppPayments(userId: number, now = Date.now()): PendingAppPayment[] {
  return read(userId).filter((entry) => now - entry.since < FORGET_AFTER_MS)
}

export function rememberPendingPayment(
  userId: number,
  entry: Omit<PendingAppPayment, 'since'>,
  now = Date.now(),
) {
  const others = pendingAppPayments(userId, now).filter((e) => e.appId !== entry.appId)
  write(userId, [...others, { ...entry, since: now }])
}

export function forgetPendingPayment(userId: number, appId: number) {
  write(
    userId,
    read(userId).filter((entry) => entry.appId !== appId),
  )
}
