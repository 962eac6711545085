import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import type { OrderKind, OrderStatus, PaymentGatewayName } from '@/contract/payments'
import type { Executor } from '../../db/client'
import { claimLeased, listPage, updateRows } from '../../db/rows'
import {
  auditLog,
  checkoutAttempts,
  clients,
  extraPayments,
  gatewayCustomers,
  gatewayEvents,
  orders,
  savedPaymentMethods,
  users,
} from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

export type OrderRow = typeof orders.$inferSelect
export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect
export type NewOrder = typeof orders.$inferInsert

/** Inserts the order unless the client already used the key; answers the stored order and whether it is new. */
export async function insertOrderOnce(
  db: Executor,
  order: NewOrder,
): Promise<{ row: OrderRow; created: boolean }> {
  const [created] = await db.insert(orders).values(order).onConflictDoNothing().returning()
  if (created) return { row: created, created: true }
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.idempotencyKey)))
  if (!existing) throw new Error('an order conflicted on its idempotency key but cannot be read')
  return { row: existing, created: false }
}

export async function findOwnOrder(
  db: Executor,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  return row
}

/** The order, locked until the transaction ends (every status change goes through this). */
export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update')
  return row
}

export async function findOrderIdByGatewayRef(db: Executor, gateway: PaymentGatewayName, ref: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.gateway, gateway), eq(orders.gatewayRef, ref)))
  return row?.id ?? null
}

export async function updateOrder(
  tx: Executor,
  orderId: number,
  values: Partial<NewOrder>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning()
  if (!row) throw new Error(`order ${orderId} vanished`)
  return row
}

/**
 * Records the checkout attempt: kept in the attempts' history, and made the order's current checkout
 * unless the order was paid (or closed) meanwhile.
 */
export async function recordCheckout(
  db: Executor,
  orderId: number,
  values: {
    gateway: PaymentGatewayName
    gatewayRef: string
    chargeAmountMinor: number
    chargeCurrency: 'USD' | 'EGP'
    chargeRate: number
  },
  /** When reconciliation first asks the gateway about it, if no notification settled it by then. */
  firstCheckAt: Date,
  /** A hosted page's own id at the gateway (a Stripe Checkout Session), for reconciliation. */
  sessionRef: string | null = null,
) {
  await db
    .insert(checkoutAttempts)
    .values({
      orderId,
      gateway: values.gateway,
      gatewayRef: values.gatewayRef,
      sessionRef,
      chargeAmountMinor: values.chargeAmountMinor,
      chargeCurrency: values.chargeCurrency,
      nextCheckAt: firstCheckAt,
    })
    // Stripe answers a retried create (same idempotency key) with the same intent.
    .onConflictDoNothing()
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'failed'])))
}

export async function listOrders(
  db: Executor,
  userId: number,
  window: PageWindow,
  filter: { status?: OrderStatus | undefined; kind?: OrderKind | undefined },
) {
  const where = and(
    eq(orders.userId, userId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
  )
  return listPage(db, db.select().from(orders).$dynamic(), { where, orderBy: [desc(orders.id)], window })
}

/** Paid orders whose fulfilment is not done and was last touched before `before`. */
export async function unfulfilledOrderIds(db: Executor, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), ne(orders.fulfilmentStatus, 'done'), lt(orders.updatedAt, before)))
    .orderBy(orders.id)
    .limit(limit)
  return rows.map((r) => r.id)
}

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

export type CheckoutAttemptRow = typeof checkoutAttempts.$inferSelect

/** The checkout a gateway's own reference names (the binding of every notification). */
export async function findCheckoutAttempt(
  db: Executor,
  gateway: PaymentGatewayName,
  gatewayRef: string,
): Promise<CheckoutAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.gateway, gateway), eq(checkoutAttempts.gatewayRef, gatewayRef)))
  return row
}

/** The checkout has its final answer: reconciliation stops asking about it. */
export async function settleCheckout(tx: Executor, id: number) {
  await tx
    .update(checkoutAttempts)
    .set({ settledAt: new Date() })
    .where(and(eq(checkoutAttempts.id, id), isNull(checkoutAttempts.settledAt)))
}

/** Open checkouts due for a question to their gateway, created between the two dates. */
export async function dueCheckouts(
  db: Executor,
  now: Date,
  createdAfter: Date,
  limit: number,
): Promise<CheckoutAttemptRow[]> {
  return db
    .select()
    .from(checkoutAttempts)
    .where(
      and(
        isNull(checkoutAttempts.settledAt),
        gte(checkoutAttempts.createdAt, createdAfter),
        lte(checkoutAttempts.nextCheckAt, now),
      ),
    )
    .orderBy(asc(checkoutAttempts.nextCheckAt))
    .limit(limit)
}

/**
 * Claims one due check (so two instances never ask twice at once) and sets the next one; null when
 * another instance took it first.
 */
export async function claimCheck(db: Executor, id: number, now: Date, next: Date) {
  const [row] = await db
    .update(checkoutAttempts)
    .set({ nextCheckAt: next, lastCheckedAt: now, checks: sql`${checkoutAttempts.checks} + 1` })
    .where(
      and(
        eq(checkoutAttempts.id, id),
        isNull(checkoutAttempts.settledAt),
        lte(checkoutAttempts.nextCheckAt, now),
      ),
    )
    .returning()
  return row ?? null
}

/** When the next open checkout is due (reconciliation schedules its next run by it). */
export async function nextDueCheck(db: Executor, createdAfter: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${checkoutAttempts.nextCheckAt})` })
    .from(checkoutAttempts)
    .where(and(isNull(checkoutAttempts.settledAt), gte(checkoutAttempts.createdAt, createdAfter)))
  return row?.at ? new Date(row.at) : null
}

export type ExtraPaymentRow = typeof extraPayments.$inferSelect

/** Records a second payment for an order once (by the gateway's reference); null when already known. */
export async function insertExtraPayment(
  tx: Executor,
  values: typeof extraPayments.$inferInsert,
): Promise<ExtraPaymentRow | null> {
  const [row] = await tx.insert(extraPayments).values(values).onConflictDoNothing().returning()
  return row ?? null
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

/** Who pays: the account and, for clients, the company profile's phone. */
export async function findPayer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: clients.phone,
    })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, userId))
  return row
}

export async function findCustomerRef(db: Executor, userId: number, gateway: PaymentGatewayName) {
  const [row] = await db
    .select({ ref: gatewayCustomers.customerRef })
    .from(gatewayCustomers)
    .where(and(eq(gatewayCustomers.userId, userId), eq(gatewayCustomers.gateway, gateway)))
  return row?.ref ?? null
}

/** Stores the customer unless another request stored one first; answers the stored ref. */
export async function saveCustomerRef(
  db: Executor,
  userId: number,
  gateway: PaymentGatewayName,
  ref: string,
) {
  await db.insert(gatewayCustomers).values({ userId, gateway, customerRef: ref }).onConflictDoNothing()
  return (await findCustomerRef(db, userId, gateway)) ?? ref
}

export async function findUserByCustomerRef(db: Executor, gateway: PaymentGatewayName, ref: string) {
  const [row] = await db
    .select({ userId: gatewayCustomers.userId })
    .from(gatewayCustomers)
    .where(and(eq(gatewayCustomers.gateway, gateway), eq(gatewayCustomers.customerRef, ref)))
  return row?.userId ?? null
}

export async function listSavedMethods(db: Executor, userId: number): Promise<SavedMethodRow[]> {
  return db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isActive, true)))
    .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.id))
}

export async function findOwnSavedMethod(db: Executor, userId: number, ref: number | string) {
  const [row] = await db
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.userId, userId),
        eq(savedPaymentMethods.isActive, true),
        typeof ref === 'number'
          ? eq(savedPaymentMethods.id, ref)
          : eq(savedPaymentMethods.gatewayMethodId, ref),
      ),
    )
  return row
}

/** Stores a card once (a redelivered card event changes nothing); the first card becomes the default. */
export async function insertSavedMethod(
  tx: Executor,
  card: Omit<typeof savedPaymentMethods.$inferInsert, 'isDefault'>,
  makeDefault: boolean,
) {
  const existing = await listSavedMethods(tx, card.userId)
  // The same card saved again (same fingerprint) stays one card: its details are refreshed instead.
  const same = card.fingerprint
    ? existing.find((row) => row.gateway === card.gateway && row.fingerprint === card.fingerprint)
    : undefined
  if (same) {
    if (makeDefault) await setDefaultSavedMethod(tx, card.userId, same.id)
    return updateRows(tx, savedPaymentMethods, eq(savedPaymentMethods.id, same.id), {
      brand: card.brand,
      lastFour: card.lastFour,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
  }
  const isDefault = makeDefault || existing.length === 0
  if (isDefault)
    await tx
      .update(savedPaymentMethods)
      .set({ isDefault: false })
      .where(eq(savedPaymentMethods.userId, card.userId))
  const [row] = await tx
    .insert(savedPaymentMethods)
    .values({ ...card, isDefault })
    .onConflictDoNothing()
    .returning()
  return row
}

/** Makes one of the client's cards the default and every other one not; answers whether the card was theirs. */
export async function setDefaultSavedMethod(tx: Executor, userId: number, id: number): Promise<boolean> {
  const [target] = await tx
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.id, id),
        eq(savedPaymentMethods.userId, userId),
        eq(savedPaymentMethods.isActive, true),
      ),
    )
    .for('update')
  if (!target) return false
  await tx
    .update(savedPaymentMethods)
    .set({ isDefault: sql`${savedPaymentMethods.id} = ${id}` })
    .where(eq(savedPaymentMethods.userId, userId))
  return true
}

export async function deleteSavedMethod(db: Executor, id: number) {
  const [row] = await db.delete(savedPaymentMethods).where(eq(savedPaymentMethods.id, id)).returning()
  if (row?.isDefault) {
    // The newest remaining card becomes the default.
    await db.execute(
      sql`update ${savedPaymentMethods} set is_default = true where id = (select id from ${savedPaymentMethods} where user_id = ${row.userId} and is_active order by id desc limit 1)`,
    )
  }
}

/** Orders paid since `since` that are still paid (a refund takes one out), with their total. */
export async function paidOrdersSince(db: Executor, since: Date) {
  const [row] = await db
    .select({ count: count(), total: sql<string>`coalesce(sum(${orders.amountMinor}), 0)` })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, since)))
  return { count: row?.count ?? 0, totalMinor: Number(row?.total ?? 0) }
}
