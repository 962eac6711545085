import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, parentId, optionalRef, timestamps } from './columns'
import { CHECKOUT_METHODS, ORDER_KINDS, ORDER_STATUSES, PAYMENT_GATEWAYS } from '@/contract/payments'
import { users } from './accounts'

/**
 * Every purchase (spec 001 §7 Payments; ARCHITECTURE §3, §5): amounts in minor units, fulfilled exactly
 * once when a verified gateway notification (or a wallet payment) marks it paid.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: parentId(() => users.id),
    kind: text({ enum: ORDER_KINDS }).notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull().default('pending'),
    description: text().notNull(),
    /** USD cents. */
    amountMinor: integer().notNull(),
    currency: text({ enum: ['USD'] })
      .notNull()
      .default('USD'),
    /** The client's key: a repeated create with it answers this order. */
    idempotencyKey: text().notNull(),
    /** What the order buys, for its fulfiller (a domain id, an app id and package, ...); {} for top-ups. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The gateway of the current checkout; 'wallet' when paid from the wallet. */
    gateway: text({ enum: CHECKOUT_METHODS }),
    /** The gateway's reference for the current checkout (payment intent, Paymob order, Fawry ref). */
    gatewayRef: text(),
    /**
     * The gateway's id of the payment itself, from the notification that marked the order paid, when it
     * differs from `gatewayRef` (Paymob's transaction id, Fawry's reference number): refunds name it.
     */
    gatewayPaymentRef: text(),
    /** What the gateway charges: minor units in its currency (EGP piastres for Paymob and Fawry). */
    chargeAmountMinor: integer(),
    chargeCurrency: text({ enum: ['USD', 'EGP'] }),
    /** EGP per USD used for the charge, 1 for USD. */
    chargeRate: doublePrecision(),
    failureReason: text(),
    /** When the newest applied notification happened at the gateway (older ones are ignored). */
    lastEventAt: timestamptz(),
    ...timestamps(),
    paidAt: timestamptz(),
    /** Fulfilment of a paid order: pending until done; failures are retried by the job queue. */
    fulfilmentStatus: text({ enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    fulfilmentAttempts: integer().notNull().default(0),
    fulfilmentError: text(),
    fulfilledAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_gateway_ref_idx').on(t.gateway, t.gatewayRef),
    index('orders_unfulfilled_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid' and ${t.fulfilmentStatus} <> 'done'`),
    check('orders_amount_positive', sql`${t.amountMinor} > 0`),
  ],
)

/** An order as read: what payments, receipts, referrals and domain orders pass between them. */
export type OrderRow = typeof orders.$inferSelect

/**
 * Every verified gateway notification, once: a redelivered event id is a duplicate and is ignored. The
 * webhook only records it (`pending`, with the verified notification in `payload`) and answers; passes
 * apply pending events after commit, so this row is the durable record between the answer and the
 * fulfilment.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: id(),
    gateway: text({ enum: PAYMENT_GATEWAYS }).notNull(),
    eventId: text().notNull(),
    orderId: optionalRef(() => orders.id),
    /** What the notification said ('paid', 'failed', 'card_saved', ...) and what we did with it. */
    outcome: text().notNull(),
    /** `rejected`: verified, but not for the checkout it names (amount, currency, unknown checkout). */
    result: text({ enum: ['pending', 'applied', 'ignored', 'rejected'] }).notNull(),
    /** Why it was rejected or ignored, in words for staff; null when applied. */
    reason: text(),
    occurredAt: timestamptz(),
    receivedAt: timestamptzNow(),
    /** The verified notification as the gateway adapter translated it (null for events recorded before). */
    payload: jsonb().$type<Record<string, unknown>>(),
    /** A pass applying this pending event holds it until then; a pass that died leaves it due again. */
    claimedUntil: timestamptz(),
    /** How many passes took it (more than one only after a pass died or failed). */
    attempts: integer().notNull().default(0),
    processedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('gateway_events_gateway_event_idx').on(t.gateway, t.eventId),
    index('gateway_events_order_idx').on(t.orderId),
    index('gateway_events_pending_idx')
      .on(t.id)
      .where(sql`${t.result} = 'pending'`),
  ],
)

/** A payment at a gateway: which gateway, and its reference there (unique per gateway). */
const gatewayReference = () => ({
  gateway: text({ enum: PAYMENT_GATEWAYS }).notNull(),
  gatewayRef: text().notNull(),
})

/** What a gateway was asked to charge: minor units in its currency (EGP piastres for Paymob and Fawry). */
const gatewayCharge = () => ({
  chargeAmountMinor: integer().notNull(),
  chargeCurrency: text({ enum: ['USD', 'EGP'] }).notNull(),
})

/**
 * Every checkout started for an order (the order keeps only the newest): which gateway, its reference
 * and what it was asked to charge. The staff order view lists them beside the gateway's notifications.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: id(),
    orderId: parentId(() => orders.id),
    ...gatewayReference(),
    /**
     * The gateway's id of a hosted page whose payment gets its own id only when paid (a Stripe Checkout
     * Session, `cs_…`): reconciliation retrieves the page by it. Null for every other checkout.
     */
    sessionRef: text(),
    ...gatewayCharge(),
    createdAt: timestamptzNow(),
    /** When a paid, failed or cancelled answer for this checkout was applied; open (null) until then. */
    settledAt: timestamptz(),
    /** Reconciliation: when the gateway is asked next about this open checkout, and how often it was. */
    nextCheckAt: timestamptz(),
    checks: integer().notNull().default(0),
    lastCheckedAt: timestamptz(),
  },
  (t) => [
    index('checkout_attempts_order_idx').on(t.orderId, t.id),
    // A notification is bound to its checkout by the gateway's own reference of it.
    uniqueIndex('checkout_attempts_ref_idx').on(t.gateway, t.gatewayRef),
    index('checkout_attempts_open_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.settledAt} is null`),
  ],
)

/**
 * A successful payment for an order that was already paid (by the wallet or another checkout): it is
 * refunded through its own gateway automatically, once (unique by the gateway's reference).
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    id: id(),
    orderId: parentId(() => orders.id),
    ...gatewayReference(),
    /** The gateway's id of the payment (Paymob transaction, Fawry reference), for the refund. */
    paymentRef: text(),
    ...gatewayCharge(),
    /** `pending` until the gateway gave it back; `failed` when it refused (staff must act). */
    status: text({ enum: ['pending', 'refunded', 'failed'] })
      .notNull()
      .default('pending'),
    gatewayRefundRef: text(),
    error: text(),
    attempts: integer().notNull().default(0),
    /** A refund in progress holds the row until then, so two runs never ask the gateway at once. */
    claimedUntil: timestamptz(),
    createdAt: timestamptzNow(),
    refundedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('extra_payments_ref_idx').on(t.gateway, t.gatewayRef),
    index('extra_payments_order_idx').on(t.orderId),
  ],
)

/**
 * The payments sandbox's own record of what it took (as a real gateway remembers its payments), so its
 * status query can answer reconciliation when a notification was lost.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  gatewayRef: text().primaryKey(),
  gateway: text({ enum: PAYMENT_GATEWAYS }).notNull(),
  outcome: text({ enum: ['paid', 'failed'] }).notNull(),
  amountMinor: integer().notNull(),
  currency: text({ enum: ['USD', 'EGP'] }).notNull(),
  reason: text(),
  /** The card saved while paying, as its notification carries it. */
  card: jsonb().$type<Record<string, unknown>>(),
  occurredAt: timestamptzNow(),
})

/** A client's customer record at a gateway (Stripe: one Customer per client). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    id: id(),
    userId: parentId(() => users.id),
    gateway: text({ enum: PAYMENT_GATEWAYS }).notNull(),
    customerRef: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('gateway_customers_user_gateway_idx').on(t.userId, t.gateway),
    uniqueIndex('gateway_customers_ref_idx').on(t.gateway, t.customerRef),
  ],
)

/** Saved cards (spec 001 §3 "Saved payment method"), added through the gateway (SetupIntent or sandbox). */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: id(),
    userId: parentId(() => users.id),
    gateway: text({ enum: PAYMENT_GATEWAYS }).notNull().default('stripe'),
    /** The gateway's payment method id (Stripe pm_…; the sandbox's pm_sandbox_…). */
    gatewayMethodId: text().notNull(),
    brand: text().notNull(),
    lastFour: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /**
     * The gateway's fingerprint of the card number (Stripe `card.fingerprint`): the same card saved again
     * is the same row (issue 24). Null for cards saved before it was kept.
     */
    fingerprint: text(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('saved_payment_methods_ref_idx').on(t.gateway, t.gatewayMethodId),
    index('saved_payment_methods_user_idx').on(t.userId),
    uniqueIndex('saved_payment_methods_fingerprint_idx')
      .on(t.userId, t.gateway, t.fingerprint)
      .where(sql`${t.fingerprint} is not null and ${t.isActive}`),
  ],
)

/**
 * Refunds made by staff (server/modules/payments/refunds.ts): one per order (the unique order id makes a
 * second refund impossible). `pending` while the gateway is asked; `succeeded` once the order is refunded.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: parentId(() => orders.id),
    status: text({ enum: ['pending', 'succeeded'] }).notNull(),
    /** Where the money went back: the order's gateway, or 'wallet' for orders paid from the wallet. */
    method: text({ enum: CHECKOUT_METHODS }).notNull(),
    /** What went back, USD cents (the whole order). */
    amountMinor: integer().notNull(),
    /** The gateway's refund id (Stripe re_…, Paymob refund transaction, Fawry); null until it answers. */
    gatewayRefundRef: text(),
    reason: text().notNull(),
    actorId: optionalRef(() => users.id),
    /** When the current attempt started; a pending refund older than a few minutes may be tried again. */
    claimedAt: timestamptzNow(),
    createdAt: timestamptzNow(),
    completedAt: timestamptz(),
  },
  (t) => [uniqueIndex('order_refunds_order_idx').on(t.orderId)],
)
