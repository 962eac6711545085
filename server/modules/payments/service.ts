import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { fromMinorUnits, toMinorUnits } from '@/contract/common'
import type * as z from 'zod/mini'
import {
  DESKTOP_SCHEME,
  LOCAL_GATEWAY_CURRENCY,
  ORDER_CURRENCY,
  type FawryProcessResponse,
  type localGatewayProcessRequestSchema,
  type PaymobProcessResponse,
  PAYABLE_ORDER_STATUSES,
  paymentMessages,
  paymentResultPaths,
  type Order,
  type OrderCreate,
  type OrderKind,
  type OrderStatus,
  type PaymentGatewayName,
  type ReturnTarget,
  type SavedPaymentMethod,
} from '@/contract/payments'
import type {
  CardDetails,
  CheckoutRequest,
  CheckoutSession,
  PaymentGateway,
  PaymentNotification,
  Payments,
} from '../../adapters/payments'
import type { Mailer } from '../../adapters/mail'
import type { Config } from '../../config'
import type { Database, Executor } from '../../db/client'
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import type { JobQueue } from '../../plugins/jobs'
import { appendLedgerEntry, InsufficientBalanceError, walletBalanceMinor } from '../wallet'
import { queueExtraPaymentRefund } from './extra-payments'
import type { OrderHooks } from './fulfilment'
import { markRefunded } from './refunds'
import * as repo from './repository'

export type { OrderRow } from './repository'

/** What the payment services need from the app. */
export interface PaymentDeps {
  db: Database
  config: Config
  log: FastifyBaseLogger
  payments: Payments
  orderHooks: OrderHooks
  jobs: JobQueue
  mailer: Mailer
  /** Asks this instance's pass to apply recorded notifications soon (app.paymentEvents.kick). */
  kick?: () => void
  /** Applies the recorded notifications now and waits for it (kick, then the pass's idle). */
  settle?: () => Promise<void>
}

export const FULFIL_QUEUE = 'payments-fulfil-order'
export const SWEEP_QUEUE = 'payments-sweep'
/** Paid orders still unfulfilled this long after their last change are queued again by the sweep. */
const SWEEP_AFTER_MS = 10 * 60_000

export function orderView(row: repo.OrderRow): Order {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    description: row.description,
    amount: fromMinorUnits(row.amountMinor),
    currency: 'USD',
    gateway: row.gateway,
    gateway_reference: row.gatewayRef,
    charge:
      row.chargeAmountMinor !== null && row.chargeCurrency
        ? {
            amount: fromMinorUnits(row.chargeAmountMinor),
            currency: row.chargeCurrency,
            rate: row.chargeRate ?? 1,
          }
        : null,
    fulfilled: row.fulfilmentStatus === 'done',
    failure_reason: row.failureReason,
    idempotency_key: row.idempotencyKey,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  }
}

export function savedMethodView(row: repo.SavedMethodRow): SavedPaymentMethod {
  return {
    id: row.id,
    stripe_payment_method_id: row.gatewayMethodId,
    card_brand: row.brand,
    card_last_four: row.lastFour,
    card_exp_month: row.expMonth,
    card_exp_year: row.expYear,
    is_default: row.isDefault,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  }
}

/** Any order, created by the module that sells it (domains, apps) or by a client's top-up. */
export interface NewOrderInput {
  userId: number
  kind: OrderKind
  amountMinor: number
  description: string
  idempotencyKey: string
  details?: Record<string, unknown>
}

/**
 * Creates an order once per (client, idempotency key): the same key answers the stored order, the same
 * key for a different purchase is 409.
 */
export async function createOrder(
  db: Executor,
  input: NewOrderInput,
): Promise<{ order: repo.OrderRow; created: boolean }> {
  const { row, created } = await repo.insertOrderOnce(db, {
    userId: input.userId,
    kind: input.kind,
    amountMinor: input.amountMinor,
    description: input.description,
    idempotencyKey: input.idempotencyKey,
    details: input.details ?? {},
  })
  if (!created && (row.kind !== input.kind || row.amountMinor !== input.amountMinor))
    throw conflict(paymentMessages.idempotencyConflict, {
      idempotency_key: [paymentMessages.idempotencyConflict],
    })
  return { order: row, created }
}

export async function createTopup(db: Database, userId: number, body: OrderCreate) {
  const amountMinor = toMinorUnits(body.amount)
  return createOrder(db, {
    userId,
    kind: 'wallet_topup',
    amountMinor,
    description: `Wallet top-up of $${fromMinorUnits(amountMinor).toFixed(2)}`,
    idempotencyKey: body.idempotency_key,
  })
}

export async function getOrder(db: Database, userId: number, orderId: number): Promise<Order> {
  const row = await repo.findOwnOrder(db, userId, orderId)
  if (!row) throw notFound('Order not found.')
  return orderView(row)
}

export async function listOrders(
  db: Database,
  userId: number,
  query: { page: number; status?: OrderStatus | undefined; kind?: OrderKind | undefined },
): Promise<ListPage<Order>> {
  return loadPage(query.page, 20, (window) => repo.listOrders(db, userId, window, query), orderView)
}

/**
 * A sandbox gateway whose pages this server does not serve (a public address without PAYMENTS_SANDBOX)
 * cannot take payments: say so instead of answering a checkout link that leads nowhere.
 */
function refuseUnservedSandbox(deps: PaymentDeps, sandbox: boolean): void {
  if (sandbox && !deps.config.payments.sandboxPages)
    throw new ApiError(503, paymentMessages.sandboxUnavailable)
}

/** Where the gateway page sends the browser back. */
function returnUrls(config: Config, orderId: number, target: ReturnTarget) {
  const base = target === 'desktop' ? `${DESKTOP_SCHEME}/` : config.publicUrl
  return {
    success: `${base}${paymentResultPaths.success(orderId)}`,
    failure: `${base}${paymentResultPaths.failure(orderId)}`,
  }
}

/** The client's customer at a card gateway, created on first need. */
async function ensureCustomer(deps: PaymentDeps, userId: number): Promise<string> {
  const existing = await repo.findCustomerRef(deps.db, userId, 'stripe')
  if (existing) return existing
  const payer = await repo.findPayer(deps.db, userId)
  if (!payer) throw notFound()
  const ref = await deps.payments.stripe.createCustomer({
    userId,
    email: payer.email,
    firstName: payer.firstName,
    lastName: payer.lastName,
    phone: payer.phone ?? '',
  })
  return repo.saveCustomerRef(deps.db, userId, 'stripe', ref)
}

export interface CheckoutOptions {
  returnTo: ReturnTarget
  saveCard?: boolean
  savedMethodRef?: string | null
  /** The client is away (automatic renewal): the saved card is charged off-session. */
  offSession?: boolean
  /** Contact details the payer gave for this payment (Fawry's customer_mobile and customer_email). */
  contact?: { email: string | null; phone: string | null }
}

/** Starts paying one of the caller's orders through a gateway; answers the session and the order. */
export async function startCheckout(
  deps: PaymentDeps,
  userId: number,
  orderId: number,
  gateway: PaymentGateway,
  options: CheckoutOptions,
): Promise<{ session: CheckoutSession; order: repo.OrderRow }> {
  // Under the order's lock: a wallet payment in progress holds it, and is seen as paid once it commits.
  const order = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, orderId)
    if (!locked || locked.userId !== userId) throw notFound(paymentMessages.orderDataNotFound)
    if (!PAYABLE_ORDER_STATUSES.includes(locked.status)) throw badRequest(paymentMessages.notPayable)
    await deps.orderHooks.checkPayable(tx, locked)
    return locked
  })
  refuseUnservedSandbox(deps, gateway.sandbox)
  const payer = await repo.findPayer(deps.db, userId)
  if (!payer) throw notFound(paymentMessages.orderDataNotFound)
  const rate = gateway.currency === 'EGP' ? deps.config.payments.usdToEgpRate : 1
  const amountMinor = Math.round(order.amountMinor * rate)
  const wantsCustomer = gateway.name === 'stripe' && (options.saveCard || options.savedMethodRef)
  const customerRef = wantsCustomer
    ? await ensureCustomer(deps, userId)
    : await repo.findCustomerRef(deps.db, userId, gateway.name)
  const request: CheckoutRequest = {
    order: { id: order.id, description: order.description },
    amountMinor,
    currency: gateway.currency,
    customer: {
      userId,
      email: options.contact?.email || payer.email,
      firstName: payer.firstName,
      lastName: payer.lastName,
      phone: options.contact?.phone || payer.phone || '',
      customerRef,
    },
    returnUrls: returnUrls(deps.config, order.id, options.returnTo),
    attemptKey: `order-${order.id}-${randomUUID()}`,
    saveCard: Boolean(options.saveCard),
    savedMethodRef: options.savedMethodRef ?? null,
    offSession: Boolean(options.offSession && options.savedMethodRef),
  }
  // The desktop app cannot run a gateway's in-page card form: it gets the gateway's hosted page, which
  // returns to the web result pages (Stripe takes only http(s) return addresses); the app polls the order.
  const hosted = options.returnTo === 'desktop' && !options.savedMethodRef
  let session: CheckoutSession
  try {
    session =
      hosted && gateway.createHostedCheckout
        ? await gateway.createHostedCheckout({
            ...request,
            returnUrls: returnUrls(deps.config, order.id, 'web'),
          })
        : await gateway.createCheckout(request)
  } catch (error) {
    deps.log.error({ err: error, orderId, gateway: gateway.name }, 'gateway checkout failed')
    throw new ApiError(502, paymentMessages.initializeFailed)
  }
  await repo.recordCheckout(
    deps.db,
    order.id,
    {
      gateway: gateway.name,
      gatewayRef: session.gatewayRef,
      chargeAmountMinor: amountMinor,
      chargeCurrency: gateway.currency,
      chargeRate: rate,
    },
    new Date(Date.now() + deps.config.payments.reconcileAfterSeconds * 1000),
    session.sessionRef ?? null,
  )
  // A notification that came before this record waits for it (see applyEvent): apply it now, and when the
  // gateway answered at once (a saved card), wait for it so the caller sees the order as it now stands.
  if (session.immediate && deps.settle) await deps.settle()
  else deps.kick?.()
  const fresh = (await repo.findOwnOrder(deps.db, userId, orderId)) ?? order
  return { session, order: fresh }
}

/** The saved card the caller picked, by our id or the gateway's id. */
export async function findSavedMethod(db: Database, userId: number, ref: number | string) {
  const row = await repo.findOwnSavedMethod(db, userId, ref)
  if (!row) throw badRequest(paymentMessages.savedCardNotFound)
  return row
}

/** What the webhook answers: recorded for a pass to apply, a redelivered event id, or of no interest. */
export type NotificationResult = 'recorded' | 'ignored' | 'duplicate'
/** What a pass did with a recorded event ('deferred': its checkout is not recorded yet, tried again later). */
export type EventResult = 'applied' | 'ignored' | 'rejected' | 'deferred'

/** How long a notification naming no checkout we know waits for it (a webhook faster than our own record). */
export const UNBOUND_GRACE_MS = 10 * 60_000

/** The verified notification as the event row keeps it (JSON: the date as ISO text). */
function notificationPayload(notification: PaymentNotification): Record<string, unknown> {
  return { ...notification, occurredAt: notification.occurredAt.toISOString() }
}

function notificationOf(payload: Record<string, unknown>): PaymentNotification {
  return { ...payload, occurredAt: new Date(String(payload.occurredAt)) } as PaymentNotification
}

/**
 * Records one verified gateway notification, in one statement, for a pass to apply after the gateway
 * has its answer (Stripe asks for a 2xx before any slow work, and retries slow answers): unique by
 * gateway and event id, so a redelivery is a duplicate and is never applied twice. An event of no
 * interest is recorded as ignored. The row is the durable record: a crash after the answer loses nothing.
 */
export async function recordNotification(
  deps: Pick<PaymentDeps, 'db'>,
  gateway: PaymentGatewayName,
  notification: PaymentNotification,
): Promise<NotificationResult> {
  const ignored = notification.type === 'ignored'
  const id = await repo.recordEvent(deps.db, {
    gateway,
    eventId: notification.eventId,
    outcome: notification.type === 'payment' ? notification.outcome : notification.type,
    occurredAt: notification.occurredAt,
    result: ignored ? 'ignored' : 'pending',
    payload: ignored ? null : notificationPayload(notification),
  })
  if (id === null) return 'duplicate'
  return ignored ? 'ignored' : 'recorded'
}

const usdOrEgp = (minor: number, currency: string) => `${fromMinorUnits(minor).toFixed(2)} ${currency}`

/**
 * Why a successful payment's notification cannot pay the checkout it names, or null when it matches:
 * its currency must be the checkout's and its amount the checkout's (Fawry: the order amount, and a
 * payment amount that adds Fawry's fee on top is fine).
 */
export function paymentMismatch(
  notification: Extract<PaymentNotification, { type: 'payment' }>,
  attempt: Pick<repo.CheckoutAttemptRow, 'chargeAmountMinor' | 'chargeCurrency'>,
): string | null {
  const currency = notification.currency?.toUpperCase() ?? null
  if (currency !== attempt.chargeCurrency)
    return `Currency ${currency ?? 'not given'} differs from the checkout's ${attempt.chargeCurrency}.`
  const orderAmount = notification.orderAmountMinor ?? notification.amountMinor
  if (orderAmount === null || notification.amountMinor === null) return 'The notification gives no amount.'
  if (orderAmount !== attempt.chargeAmountMinor)
    return `Amount ${usdOrEgp(orderAmount, currency)} differs from the checkout's ${usdOrEgp(attempt.chargeAmountMinor, attempt.chargeCurrency)}.`
  if (notification.amountMinor < orderAmount)
    return `Payment amount ${usdOrEgp(notification.amountMinor, currency)} is below the order amount ${usdOrEgp(orderAmount, currency)}.`
  return null
}

/**
 * Applies one recorded event in its own transaction. A payment event is bound to the checkout its
 * gateway reference names (a field the gateway signs), never to an order id it echoes; a success must
 * match that checkout's currency and amount. A mismatch, or a checkout we never started, is rejected
 * with its reason (on the event, the order's staff page and the audit log) and applies nothing. Events
 * older than what the order already heard are ignored; a payment marks the order paid and fulfils it in
 * the same transaction (the order's row lock and status make that happen once however many events and
 * passes race). A success for an order already paid some other way is refunded automatically.
 */
export async function applyEvent(
  deps: PaymentDeps,
  event: repo.GatewayEventRow,
  now = new Date(),
): Promise<EventResult> {
  const gateway = event.gateway
  let fulfilled: repo.OrderRow | null = null
  let extraPaymentId: number | null = null
  const { result, retryOrderId } = await deps.db.transaction(async (tx) => {
    const ignore = async (orderId: number | null = null, reason: string | null = null) => {
      await repo.settleEvent(tx, event.id, 'ignored', orderId, reason)
      return { result: 'ignored' as const, retryOrderId: null }
    }
    const reject = async (order: repo.OrderRow | null, reason: string) => {
      await repo.settleEvent(tx, event.id, 'rejected', order?.id ?? null, reason)
      await repo.recordSystemAudit(tx, {
        action: 'payment.notification_rejected',
        entityType: 'order',
        entityId: order?.id ?? null,
        summary: `Rejected a ${gateway} notification (${event.eventId})${order ? ` for order #${order.id}` : ''}: ${reason}`,
        after: { gateway, event_id: event.eventId, outcome: event.outcome, reason, payload: event.payload },
        source: `gateway-event:${event.id}`,
      })
      deps.log.warn(
        { gateway, eventId: event.eventId, orderId: order?.id, reason },
        'rejected a payment notification',
      )
      return { result: 'rejected' as const, retryOrderId: null }
    }
    if (!event.payload) return ignore()
    const notification = notificationOf(event.payload)
    if (notification.type === 'ignored') return ignore()
    if (notification.type === 'card_saved') {
      const userId = await repo.findUserByCustomerRef(tx, gateway, notification.customerRef)
      if (!userId) return ignore(null, 'The card belongs to no client here.')
      await saveCard(tx, userId, gateway, notification.card, notification.makeDefault)
      await repo.settleEvent(tx, event.id, 'applied', null)
      return { result: 'applied' as const, retryOrderId: null }
    }
    const checkoutRef = notification.checkoutRef ?? notification.gatewayRef
    const attempt = checkoutRef ? await repo.findCheckoutAttempt(tx, gateway, checkoutRef) : undefined
    if (!attempt) {
      // The gateway may answer before our own record of the checkout is written: wait a while for it.
      if (notification.gatewayRef && now.getTime() - event.receivedAt.getTime() < UNBOUND_GRACE_MS) {
        await repo.releaseEvent(tx, event.id)
        return { result: 'deferred' as const, retryOrderId: null }
      }
      return reject(null, `It names no checkout started here (${notification.gatewayRef ?? 'no reference'}).`)
    }
    const order = await repo.lockOrder(tx, attempt.orderId)
    if (!order) return ignore(null, 'The order no longer exists.')
    if (notification.outcome === 'paid') {
      const problem = paymentMismatch(notification, attempt)
      if (problem) {
        await repo.settleCheckout(tx, attempt.id)
        return reject(order, problem)
      }
    }
    if (notification.outcome !== 'pending') await repo.settleCheckout(tx, attempt.id)
    const paidElsewhere =
      notification.outcome === 'paid' &&
      (order.status === 'paid' || order.status === 'refunded') &&
      !(
        order.gateway === gateway &&
        (order.gatewayRef === attempt.gatewayRef || order.gatewayRef === notification.gatewayRef)
      )
    if (paidElsewhere) {
      // One order, one payment: this money goes back through its gateway (after commit, on the queue).
      const extra = await repo.insertExtraPayment(tx, {
        orderId: order.id,
        gateway,
        gatewayRef: notification.gatewayRef ?? attempt.gatewayRef,
        paymentRef: notification.paymentRef ?? null,
        chargeAmountMinor: notification.amountMinor ?? attempt.chargeAmountMinor,
        chargeCurrency: attempt.chargeCurrency,
      })
      extraPaymentId = extra?.id ?? null
      return ignore(order.id, EXTRA_PAYMENT_REASON)
    }
    const applied = await applyPayment(deps, tx, gateway, order, notification)
    fulfilled = applied.fulfilled ?? null
    if (notification.savedCard) {
      const userId = await repo.findUserByCustomerRef(tx, gateway, notification.savedCard.customerRef)
      if (userId === order.userId) await saveCard(tx, userId, gateway, notification.savedCard, false)
    }
    await repo.settleEvent(
      tx,
      event.id,
      applied.applied ? 'applied' : 'ignored',
      order.id,
      applied.applied ? null : (applied.reason ?? null),
    )
    return {
      result: applied.applied ? ('applied' as const) : ('ignored' as const),
      retryOrderId: applied.fulfilmentFailed ? order.id : null,
    }
  })
  if (retryOrderId !== null) await queueFulfilment(deps, retryOrderId)
  if (extraPaymentId !== null) await queueExtraPaymentRefund(deps, extraPaymentId)
  if (fulfilled) await afterFulfilment(deps, fulfilled)
  return result
}

/** What the event row says of a success for an order already paid another way. */
export const EXTRA_PAYMENT_REASON = 'The order was already paid; this payment is refunded automatically.'

/** How long a pass holds the events it claimed: far longer than applying 50 events takes. */
export const EVENT_LEASE_MS = 2 * 60_000
/** How many pending events one pass claims at a time. */
export const EVENT_BATCH_SIZE = 50
/** The scheduled sweep that applies whatever no instance's own pass did (a crash, a failed pass). */
export const EVENTS_SWEEP_QUEUE = 'payments-events-sweep'

/**
 * One pass over at most one batch: claims pending events (one statement) and applies each, oldest
 * first, in its own transaction, so the webhook's inserts interleave with them on the embedded
 * database's one connection. An event whose application throws (not a failed fulfilment: that is
 * recorded on the order) stays held until its claim runs out, then a later pass retries it. Answers how
 * many events it claimed.
 */
export async function applyPendingEventBatch(deps: PaymentDeps, now = new Date()): Promise<number> {
  const events = await repo.claimPendingEvents(
    deps.db,
    now,
    new Date(now.getTime() + EVENT_LEASE_MS),
    EVENT_BATCH_SIZE,
  )
  for (const event of events) {
    try {
      await applyEvent(deps, event)
    } catch (error) {
      deps.log.error(
        { err: error, gateway: event.gateway, eventId: event.eventId },
        'applying a payment notification failed; a later pass retries it',
      )
    }
    // The embedded database runs on this thread and its queries resolve as microtasks: without a turn
    // of the event loop between events, a pass would keep waiting webhook requests from being read,
    // and the answers the gateways wait for would queue behind fulfilments.
    await new Promise((resolve) => setImmediate(resolve))
  }
  return events.length
}

/** Passes until no pending event is left (at most `maxBatches`); answers how many events were claimed. */
export async function applyPendingEvents(deps: PaymentDeps, maxBatches = 100): Promise<number> {
  let claimed = 0
  for (let i = 0; i < maxBatches; i++) {
    const batch = await applyPendingEventBatch(deps)
    claimed += batch
    if (batch < EVENT_BATCH_SIZE) break
  }
  return claimed
}

/** Work that waits for the fulfilment's commit (the receipt e-mail); it never fails the caller. */
async function afterFulfilment(deps: PaymentDeps, order: repo.OrderRow): Promise<void> {
  await deps.orderHooks.afterFulfilment(order, { config: deps.config, log: deps.log })
}

async function saveCard(
  tx: Executor,
  userId: number,
  gateway: PaymentGatewayName,
  card: CardDetails,
  makeDefault: boolean,
) {
  await repo.insertSavedMethod(
    tx,
    {
      userId,
      gateway,
      gatewayMethodId: card.methodRef,
      brand: card.brand,
      lastFour: card.lastFour,
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: card.fingerprint ?? null,
    },
    makeDefault,
  )
}

async function applyPayment(
  deps: PaymentDeps,
  tx: Executor,
  gateway: PaymentGatewayName,
  order: repo.OrderRow,
  notification: Extract<PaymentNotification, { type: 'payment' }>,
): Promise<{
  applied: boolean
  fulfilmentFailed: boolean
  fulfilled?: repo.OrderRow
  reason?: string
}> {
  const ignored = (reason: string) => ({ applied: false, fulfilmentFailed: false, reason })
  const stale = order.lastEventAt !== null && notification.occurredAt < order.lastEventAt
  const lastEventAt =
    order.lastEventAt && order.lastEventAt > notification.occurredAt
      ? order.lastEventAt
      : notification.occurredAt
  switch (notification.outcome) {
    case 'paid': {
      // Money was taken: a success is applied whenever it arrives, unless this checkout already paid it.
      if (order.status === 'paid' || order.status === 'refunded')
        return ignored('This checkout already paid the order.')
      const payment = {
        status: 'paid' as const,
        paidAt: new Date(),
        gateway,
        gatewayRef: notification.gatewayRef ?? order.gatewayRef,
        gatewayPaymentRef: notification.paymentRef ?? null,
        // What this checkout charged (an older checkout may pay after a newer one was started).
        chargeAmountMinor: notification.amountMinor ?? order.chargeAmountMinor,
        chargeCurrency: (notification.currency?.toUpperCase() ?? order.chargeCurrency) as 'USD' | 'EGP',
        chargeRate: notification.currency?.toUpperCase() === 'EGP' ? deps.config.payments.usdToEgpRate : 1,
        failureReason: null,
        lastEventAt,
      }
      // Written with the fulfilment's outcome in one statement; the fulfillers see the paid order.
      const paid = await fulfilInTransaction(deps, tx, { ...order, ...payment }, payment)
      return paid.fulfilmentStatus === 'done'
        ? { applied: true, fulfilmentFailed: false, fulfilled: paid }
        : { applied: true, fulfilmentFailed: true }
    }
    case 'failed':
    case 'cancelled': {
      if (stale) return ignored('Older than what the order already heard.')
      if (!PAYABLE_ORDER_STATUSES.includes(order.status)) return ignored(`The order is ${order.status}.`)
      // A decline of an older attempt must not mark a newer attempt's order failed.
      if (notification.gatewayRef && order.gatewayRef && notification.gatewayRef !== order.gatewayRef)
        return ignored('A newer checkout of the order is open.')
      await repo.updateOrder(tx, order.id, {
        status: notification.outcome,
        failureReason: notification.reason ?? paymentMessages.paymentFailed,
        lastEventAt,
      })
      return { applied: true, fulfilmentFailed: false }
    }
    case 'refunded': {
      // A refund made at the gateway itself (its dashboard) reverses the order like a staff refund.
      if (order.status !== 'paid') return ignored(`The order is ${order.status}.`)
      if (notification.gatewayRef && order.gatewayRef !== notification.gatewayRef)
        return ignored('Another checkout paid the order.')
      await markRefunded(deps, tx, order, { lastEventAt })
      return { applied: true, fulfilmentFailed: false }
    }
    case 'pending':
      return ignored('The payment is still pending.')
  }
}

/**
 * Fulfils a paid order inside `tx` within a savepoint: on success the order is marked done; on failure
 * the fulfiller's writes roll back and the failure is recorded on the order (the caller queues a retry
 * after commit). `alsoWrite` (the payment itself) goes into the same update. Answers the order as stored.
 */
async function fulfilInTransaction(
  deps: PaymentDeps,
  tx: Executor,
  order: repo.OrderRow,
  alsoWrite: Partial<repo.OrderRow> = {},
): Promise<repo.OrderRow> {
  const context = { config: deps.config, log: deps.log }
  try {
    await (tx as Database).transaction(async (savepoint) => {
      await deps.orderHooks.fulfil(savepoint, order, context)
    })
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'order fulfilment failed; it will be retried')
    return repo.updateOrder(tx, order.id, {
      ...alsoWrite,
      fulfilmentStatus: 'failed',
      fulfilmentAttempts: order.fulfilmentAttempts + 1,
      fulfilmentError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
    })
  }
  return repo.updateOrder(tx, order.id, {
    ...alsoWrite,
    fulfilmentStatus: 'done',
    fulfilmentAttempts: order.fulfilmentAttempts + 1,
    fulfilmentError: null,
    fulfilledAt: new Date(),
  })
}

/** Queues a fulfilment retry; if the queue cannot take it now, the sweep finds the order later. */
async function queueFulfilment(deps: PaymentDeps, orderId: number): Promise<void> {
  try {
    await deps.jobs.send(FULFIL_QUEUE, { orderId }, { singletonKey: `order-${orderId}` })
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'could not queue a fulfilment retry; the sweep will')
  }
}

/**
 * The fulfilment job: fulfils a paid order if it is not done yet. Throws when it fails again, so the
 * queue retries it with backoff.
 */
export async function fulfilOrderJob(deps: PaymentDeps, orderId: number): Promise<void> {
  let fulfilled: repo.OrderRow | null = null
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId)
    if (!order || order.status !== 'paid' || order.fulfilmentStatus === 'done') return 'nothing'
    const after = await fulfilInTransaction(deps, tx, order)
    if (after.fulfilmentStatus !== 'done') return 'failed'
    fulfilled = after
    return 'done'
  })
  if (outcome === 'failed') throw new Error(`Fulfilment of order ${orderId} failed again.`)
  if (fulfilled) await afterFulfilment(deps, fulfilled)
}

/** The scheduled sweep: queues every paid order left unfulfilled (a crash between commit and queueing). */
export async function sweepUnfulfilled(deps: PaymentDeps): Promise<number> {
  const ids = await repo.unfulfilledOrderIds(deps.db, new Date(Date.now() - SWEEP_AFTER_MS), 100)
  for (const id of ids) await queueFulfilment(deps, id)
  return ids.length
}

/**
 * The client gives up paying one of their orders: an unpaid (pending or failed) order is cancelled, inside
 * the caller's transaction and under the order's row lock, so a gateway confirmation being applied at the
 * same moment is either seen (409: already paid) or comes after (and, money having been taken, still pays it).
 */
export async function cancelOwnOrder(
  tx: Executor,
  userId: number,
  orderId: number,
  messages: { notCancellable: string },
): Promise<repo.OrderRow> {
  const locked = await repo.lockOrder(tx, orderId)
  if (!locked || locked.userId !== userId) throw notFound(paymentMessages.orderDataNotFound)
  if (!PAYABLE_ORDER_STATUSES.includes(locked.status)) throw conflict(messages.notCancellable)
  return repo.updateOrder(tx, locked.id, { status: 'cancelled', failureReason: ORDER_CANCELLED_REASON })
}

/** Why a cancelled order was not paid (shown on its failure page). */
export const ORDER_CANCELLED_REASON = 'Cancelled by the client.'

/** Pays one of the caller's orders from their wallet balance, fulfilling it in the same transaction. */
export async function payWithWallet(
  deps: PaymentDeps,
  userId: number,
  orderId: number,
): Promise<repo.OrderRow> {
  const { order, fulfilmentFailed } = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, orderId)
    if (!locked || locked.userId !== userId) throw notFound(paymentMessages.orderDataNotFound)
    if (locked.kind === 'wallet_topup') throw badRequest(paymentMessages.walletTopupWithWallet)
    if (!PAYABLE_ORDER_STATUSES.includes(locked.status)) throw badRequest(paymentMessages.notPayable)
    await deps.orderHooks.checkPayable(tx, locked)
    try {
      await appendLedgerEntry(tx, {
        userId,
        transactionType: 'payment',
        source: 'order',
        amountMinor: -locked.amountMinor,
        description: locked.description,
        orderId: locked.id,
        uniqueKey: `order-payment:${locked.id}`,
      })
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw badRequest(paymentMessages.insufficientBalance)
      throw error
    }
    const paid = await repo.updateOrder(tx, locked.id, {
      status: 'paid',
      paidAt: new Date(),
      gateway: 'wallet',
      gatewayRef: `wallet-${locked.id}`,
      chargeAmountMinor: locked.amountMinor,
      chargeCurrency: 'USD',
      chargeRate: 1,
      failureReason: null,
    })
    const after = await fulfilInTransaction(deps, tx, paid)
    return { order: after, fulfilmentFailed: after.fulfilmentStatus !== 'done' }
  })
  if (fulfilmentFailed) await queueFulfilment(deps, order.id)
  else await afterFulfilment(deps, order)
  return order
}

/** The caller's active saved cards, default first. */
export async function listSavedCards(db: Executor, userId: number): Promise<SavedPaymentMethod[]> {
  return (await repo.listSavedMethods(db, userId)).map(savedMethodView)
}

/** Removes one of the caller's saved cards at the gateway and here; another client's card is 404. */
export async function removeSavedCard(deps: PaymentDeps, userId: number, id: number): Promise<void> {
  const row = await repo.findOwnSavedMethod(deps.db, userId, id)
  if (!row) throw notFound(paymentMessages.savedCardNotFound)
  try {
    await deps.payments.stripe.detachCard(row.gatewayMethodId)
  } catch (error) {
    deps.log.error({ err: error, cardId: id }, 'detaching a saved card failed')
    throw new ApiError(502, 'Failed to remove card. Please try again.')
  }
  await repo.deleteSavedMethod(deps.db, row.id)
}

/** Starts adding a card without paying (SetupIntent or the sandbox's card page). */
export async function startCardSetup(
  deps: PaymentDeps,
  userId: number,
  options: { makeDefault: boolean; returnTo: ReturnTarget },
) {
  refuseUnservedSandbox(deps, deps.payments.stripe.sandbox)
  const customerRef = await ensureCustomer(deps, userId)
  const vault = deps.payments.stripe
  const hosted = options.returnTo === 'desktop' && vault.startHostedCardSetup
  const base = options.returnTo === 'desktop' && !hosted ? `${DESKTOP_SCHEME}/` : deps.config.publicUrl
  const request = {
    customerRef,
    userId,
    makeDefault: options.makeDefault,
    returnUrls: { success: `${base}/wallet?card=added`, failure: `${base}/wallet?card=failed` },
  }
  try {
    // As at checkout: the desktop app adds the card on the gateway's hosted page in the browser.
    return hosted && vault.startHostedCardSetup
      ? await vault.startHostedCardSetup(request)
      : await vault.startCardSetup(request)
  } catch (error) {
    deps.log.error({ err: error }, 'starting a card setup failed')
    throw new ApiError(502, 'Failed to add card. Please try again.')
  }
}

/** Why an automatic payment could not be made (e-mailed to the client with the renewal failure). */
export const automaticPaymentMessages = {
  noMethod: 'Your wallet balance does not cover it and you have no default saved card.',
  needsAuthentication: 'Your default card asks for a confirmation step, which needs you to be present.',
} as const

export type AutomaticPayment =
  | { outcome: 'paid'; method: 'wallet' | 'card' }
  /** The card gateway accepted the charge and confirms it by notification (real Stripe). */
  | { outcome: 'processing'; method: 'card' }
  | { outcome: 'failed'; method: 'wallet' | 'card' | null; reason: string }

/**
 * Pays one of a client's orders while the client is away (auto-renewal): from the wallet when its
 * balance covers the order, else with the default saved card charged off-session. The order is marked
 * paid and fulfilled as for any payment (the wallet's ledger entry, or the gateway's notification).
 */
export async function payOrderAutomatically(
  deps: PaymentDeps,
  userId: number,
  orderId: number,
): Promise<AutomaticPayment> {
  const order = await repo.findOwnOrder(deps.db, userId, orderId)
  if (!order) throw notFound(paymentMessages.orderDataNotFound)
  if (order.status === 'paid')
    return { outcome: 'paid', method: order.gateway === 'wallet' ? 'wallet' : 'card' }
  if (!PAYABLE_ORDER_STATUSES.includes(order.status))
    return { outcome: 'failed', method: null, reason: paymentMessages.notPayable }
  if ((await walletBalanceMinor(deps.db, userId)) >= order.amountMinor) {
    try {
      await payWithWallet(deps, userId, orderId)
      return { outcome: 'paid', method: 'wallet' }
    } catch (error) {
      // Spent in the meantime: the card may still pay.
      if (!(error instanceof ApiError && error.message === paymentMessages.insufficientBalance)) throw error
    }
  }
  const card = (await repo.listSavedMethods(deps.db, userId)).find((row) => row.isDefault)
  if (!card) return { outcome: 'failed', method: null, reason: automaticPaymentMessages.noMethod }
  let session: CheckoutSession
  let after: repo.OrderRow
  try {
    ;({ session, order: after } = await startCheckout(deps, userId, orderId, deps.payments.stripe, {
      returnTo: 'web',
      savedMethodRef: card.gatewayMethodId,
      offSession: true,
    }))
  } catch (error) {
    if (error instanceof ApiError) return { outcome: 'failed', method: 'card', reason: error.message }
    throw error
  }
  switch (session.immediate?.status) {
    case 'failed':
      return {
        outcome: 'failed',
        method: 'card',
        reason: session.immediate.reason ?? paymentMessages.paymentFailed,
      }
    case 'requires_action':
      return { outcome: 'failed', method: 'card', reason: automaticPaymentMessages.needsAuthentication }
    default:
      return after.status === 'paid'
        ? { outcome: 'paid', method: 'card' }
        : { outcome: 'processing', method: 'card' }
  }
}

export const localGatewayMessages = {
  badEmail: 'Enter a valid e-mail address.',
  badMobile: 'Enter a valid mobile number (8 to 15 digits).',
  noAman: 'Aman cash payments are not offered; pay on Paymob’s page instead.',
} as const

type LocalGatewayBody = z.output<typeof localGatewayProcessRequestSchema>

/** Paymob and Fawry checkouts (EGP): the order is the caller's, charged at the server's conversion. */
async function startLocalGatewayPayment(
  deps: PaymentDeps,
  name: 'paymob' | 'fawry',
  userId: number,
  orderId: number,
  body: LocalGatewayBody,
) {
  if (body.order_id !== undefined && body.order_id !== orderId)
    throw badRequest(paymentMessages.orderDataNotFound, { order_id: [paymentMessages.orderDataNotFound] })
  if (body.currency.toUpperCase() !== LOCAL_GATEWAY_CURRENCY)
    throw badRequest(paymentMessages.currencyMismatch, { currency: [paymentMessages.currencyMismatch] })
  const email = body.customer_email?.trim() || null
  const phone = body.customer_mobile?.trim() || null
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw badRequest(localGatewayMessages.badEmail, { customer_email: [localGatewayMessages.badEmail] })
  if (phone !== null && !/^\+?\d{8,15}$/.test(phone.replace(/[\s().-]/g, '')))
    throw badRequest(localGatewayMessages.badMobile, { customer_mobile: [localGatewayMessages.badMobile] })
  // Aman (cash at kiosks) is a separate Paymob integration this server is not set up with.
  if (name === 'paymob' && body.is_aman === true)
    throw badRequest(localGatewayMessages.noAman, { is_aman: [localGatewayMessages.noAman] })
  const gateway = deps.payments.gateway(name)
  const { session, order } = await startCheckout(deps, userId, orderId, gateway, {
    returnTo: body.return_to,
    contact: { email, phone },
  })
  if (!session.url) throw badRequest(paymentMessages.initializeFailed)
  const view = orderView(order)
  return {
    session,
    url: session.url,
    view,
    charge: view.charge ?? { amount: view.amount, currency: ORDER_CURRENCY, rate: 1 },
    sandbox: gateway.sandbox,
  }
}

/** Starts a Paymob payment of one of the caller's orders: answers its iframe URL. */
export async function startPaymobPayment(
  deps: PaymentDeps,
  userId: number,
  orderId: number,
  body: LocalGatewayBody,
): Promise<PaymobProcessResponse> {
  const started = await startLocalGatewayPayment(deps, 'paymob', userId, orderId, body)
  return {
    success: true,
    message: paymentMessages.orderCreated,
    order_id: started.view.id,
    iframe_url: started.url,
    payment_url: started.url,
    charge: started.charge,
    sandbox: started.sandbox,
  }
}

/** Starts a Fawry payment of one of the caller's orders: answers its page and reference number. */
export async function startFawryPayment(
  deps: PaymentDeps,
  userId: number,
  orderId: number,
  body: LocalGatewayBody,
): Promise<FawryProcessResponse> {
  const started = await startLocalGatewayPayment(deps, 'fawry', userId, orderId, body)
  return {
    success: true,
    message: paymentMessages.orderCreated,
    order_id: started.view.id,
    redirect_url: started.url,
    payment_url: started.url,
    reference_number: started.session.referenceNumber ?? started.session.gatewayRef,
    charge: started.charge,
    sandbox: started.sandbox,
  }
}
