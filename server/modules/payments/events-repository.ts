import { and, asc, eq } from 'drizzle-orm'
import type { PaymentGatewayName } from '@/contract/payments'
import type { Executor } from '../../db/client'
import { claimLeased } from '../../db/rows'
import { auditLog, gatewayEvents } from '../../db/schema'

/* The gateway notifications' queries (recorded once, applied by passes), and the audit lines they leave. */

export type GatewayEventRow = typeof gatewayEvents.$inferSelect

/**
 * Records an event once, in one statement; null when the gateway already sent this event id (a
 * duplicate). A `pending` event carries the verified notification for the pass that applies it.
 */
export async function recordEvent(
  db: Executor,
  event: {
    gateway: PaymentGatewayName
    eventId: string
    outcome: string
    occurredAt: Date
    result: 'pending' | 'ignored'
    payload: Record<string, unknown> | null
  },
): Promise<number | null> {
  const [row] = await db
    .insert(gatewayEvents)
    .values({ ...event, processedAt: event.result === 'pending' ? null : new Date() })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id })
  return row?.id ?? null
}

/**
 * Takes up to `limit` pending events, oldest first, that no pass holds (or whose pass died: its claim
 * ran out), holding them until `leaseEnd`. Rows locked by another pass's claim are skipped, so passes on
 * several instances never take the same event.
 */
export async function claimPendingEvents(
  db: Executor,
  now: Date,
  leaseEnd: Date,
  limit: number,
): Promise<GatewayEventRow[]> {
  const rows = await claimLeased(db, gatewayEvents, 'claimedUntil', {
    due: eq(gatewayEvents.result, 'pending'),
    order: [asc(gatewayEvents.id)],
    now,
    leaseEnd,
    limit,
  })
  return rows.sort((a, b) => a.id - b.id)
}

/** What a pass did with a pending event (in the transaction that did it), and why when not applied. */
export async function settleEvent(
  tx: Executor,
  id: number,
  result: 'applied' | 'ignored' | 'rejected',
  orderId: number | null,
  reason: string | null = null,
) {
  await tx
    .update(gatewayEvents)
    .set({ result, orderId, reason, processedAt: new Date(), claimedUntil: null })
    .where(and(eq(gatewayEvents.id, id), eq(gatewayEvents.result, 'pending')))
}

/** Leaves a pending event for a later pass (its checkout is not recorded yet). */
export async function releaseEvent(tx: Executor, id: number) {
  await tx.update(gatewayEvents).set({ claimedUntil: null }).where(eq(gatewayEvents.id, id))
}

/** A line in the audit log written by the server itself (no staff member acted). */
export async function recordSystemAudit(
  tx: Executor,
  entry: {
    action: string
    entityType: string
    entityId: number | null
    summary: string
    after?: Record<string, unknown>
    source: string
  },
) {
  await tx.insert(auditLog).values({
    actorId: null,
    actorEmail: 'system',
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    before: null,
    after: entry.after ?? null,
    requestId: entry.source,
  })
}
