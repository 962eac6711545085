import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  InvalidNotificationError,
  type CheckoutRequest,
  type CheckoutSession,
  type NotificationInput,
  type PaymentGateway,
  type PaymentNotification,
  type PaymentOutcome,
  type RefundRequest,
  type RefundResult,
  RefundRefusedError,
} from './types'
import { RealGateway } from './real-gateway'
import { orderIdFromReference, pendingPayment } from './references'

export interface PaymobAccount {
  apiKey: string
  integrationId: number
  iframeId: number
  hmacSecret: string
  /** https://accept.paymob.com, or a local fake in tests. */
  apiUrl: string
}

/** The transaction object of Paymob's "transaction processed" callback (the fields the HMAC covers). */
export interface PaymobTransaction {
  id: number | string
  amount_cents: number | string
  created_at: string
  currency: string
  error_occured: boolean | string
  has_parent_transaction: boolean | string
  integration_id: number | string
  is_3d_secure: boolean | string
  is_auth: boolean | string
  is_capture: boolean | string
  is_refunded: boolean | string
  is_standalone_payment: boolean | string
  is_voided: boolean | string
  order: { id: number | string; merchant_order_id?: string | null }
  owner: number | string
  pending: boolean | string
  source_data: { pan: string | null; sub_type: string | null; type: string | null }
  success: boolean | string
  data?: { message?: string } | null
}

/**
 * The text Paymob signs for a transaction callback: these values concatenated, in this order, without
 * separators (Paymob's "HMAC calculation" page; `id` and `order.id` of the transaction object).
 */
export function paymobHmacText(t: PaymobTransaction): string {
  return [
    t.amount_cents,
    t.created_at,
    t.currency,
    t.error_occured,
    t.has_parent_transaction,
    t.id,
    t.integration_id,
    t.is_3d_secure,
    t.is_auth,
    t.is_capture,
    t.is_refunded,
    t.is_standalone_payment,
    t.is_voided,
    t.order.id,
    t.owner,
    t.pending,
    t.source_data.pan ?? '',
    t.source_data.sub_type ?? '',
    t.source_data.type ?? '',
    t.success,
  ]
    .map(String)
    .join('')
}

/** HMAC-SHA512 (hex) of the callback text with the account's HMAC secret, compared in constant time. */
export function isValidPaymobHmac(secret: string, transaction: PaymobTransaction, hmac: string | undefined) {
  if (!hmac || !/^[0-9a-f]{128}$/i.test(hmac)) return false
  const expected = createHmac('sha512', secret).update(paymobHmacText(transaction), 'utf8').digest()
  return timingSafeEqual(expected, Buffer.from(hmac, 'hex'))
}

export interface PaymobCheckoutRequest {
  /** Ours, unique per checkout (Paymob refuses a repeated merchant_order_id). */
  merchantOrderId: string
  /** EGP piastres. */
  amountCents: number
  description: string
  billing: { email: string; firstName: string; lastName: string; phone: string }
}

export interface PaymobCheckout {
  paymobOrderId: number
  iframeUrl: string
}

export class PaymobError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'PaymobError'
  }
}

/** An auth token is valid about an hour; we renew it after 50 minutes. */
const TOKEN_LIFETIME_MS = 50 * 60 * 1000

/**
 * Paymob's Accept API (the legacy flow): auth token → order → payment key → the hosted iframe URL.
 */
export class PaymobClient {
  private token: { value: string; expires: number } | null = null

  constructor(private readonly account: PaymobAccount) {}

  async createCheckout(request: PaymobCheckoutRequest): Promise<PaymobCheckout> {
    const token = await this.authToken()
    const order = await this.post<{ id?: number }>('/api/ecommerce/orders', {
      auth_token: token,
      delivery_needed: false,
      amount_cents: request.amountCents,
      currency: 'EGP',
      merchant_order_id: request.merchantOrderId,
      items: [
        {
          name: request.description.slice(0, 255),
          amount_cents: request.amountCents,
          quantity: 1,
          description: request.description,
        },
      ],
    })
    if (typeof order.id !== 'number') throw new PaymobError('Paymob answered an order without an id', 502)
    const key = await this.post<{ token?: string }>('/api/acceptance/payment_keys', {
      auth_token: token,
      amount_cents: request.amountCents,
      expiration: 3600,
      order_id: order.id,
      currency: 'EGP',
      integration_id: this.account.integrationId,
      lock_order_when_paid: true,
      billing_data: {
        first_name: request.billing.firstName || 'NA',
        last_name: request.billing.lastName || 'NA',
        email: request.billing.email,
        phone_number: request.billing.phone || 'NA',
        apartment: 'NA',
        floor: 'NA',
        street: 'NA',
        building: 'NA',
        shipping_method: 'NA',
        postal_code: 'NA',
        city: 'NA',
        country: 'EG',
        state: 'NA',
      },
    })
    if (typeof key.token !== 'string') throw new PaymobError('Paymob answered no payment key', 502)
    const iframeUrl = `${this.account.apiUrl}/api/acceptance/iframes/${this.account.iframeId}?payment_token=${encodeURIComponent(key.token)}`
    return { paymobOrderId: order.id, iframeUrl }
  }

  /**
   * Refunds (part of) a paid transaction: `POST /api/acceptance/void_refund/refund` with the auth token,
   * `transaction_id` and `amount_cents`; Paymob answers the refund as a new transaction.
   */
  async refund(transactionId: string, amountCents: number): Promise<{ id: string }> {
    const token = await this.authToken()
    let answer: { id?: number | string; success?: boolean | string; data?: { message?: string } | null }
    try {
      answer = await this.post('/api/acceptance/void_refund/refund', {
        auth_token: token,
        transaction_id: Number(transactionId),
        amount_cents: amountCents,
      })
    } catch (error) {
      if (error instanceof PaymobError && error.status >= 400 && error.status < 500 && error.status !== 401)
        throw new RefundRefusedError(error.message)
      throw error
    }
    if (answer.id === undefined || !truthy(answer.success))
      throw new RefundRefusedError(answer.data?.message ?? 'Paymob did not accept the refund.')
    return { id: String(answer.id) }
  }

  /**
   * Paymob's transaction inquiry by its order id (`POST /api/ecommerce/orders/transaction_inquiry` with
   * the auth token and `order_id`): the order's transaction, or null while it has none (404).
   */
  async inquire(paymobOrderId: string): Promise<PaymobTransaction | null> {
    const token = await this.authToken()
    try {
      return await this.post<PaymobTransaction>('/api/ecommerce/orders/transaction_inquiry', {
        auth_token: token,
        order_id: Number(paymobOrderId),
      })
    } catch (error) {
      if (error instanceof PaymobError && error.status === 404) return null
      throw error
    }
  }

  verifyCallback(transaction: PaymobTransaction, hmac: string | undefined): boolean {
    return isValidPaymobHmac(this.account.hmacSecret, transaction, hmac)
  }

  private async authToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now()) return this.token.value
    const answer = await this.post<{ token?: string }>('/api/auth/tokens', { api_key: this.account.apiKey })
    if (typeof answer.token !== 'string') throw new PaymobError('Paymob answered no auth token', 502)
    this.token = { value: answer.token, expires: Date.now() + TOKEN_LIFETIME_MS }
    return answer.token
  }

  private async post<T>(path: string, body: object): Promise<T> {
    const response = await fetch(`${this.account.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null
    if (!response.ok || !answer) {
      if (response.status === 401) this.token = null
      const reason = answer ? JSON.stringify(answer).slice(0, 300) : `HTTP ${response.status}`
      throw new PaymobError(`Paymob ${path} failed: ${reason}`, response.status)
    }
    return answer as T
  }
}

const truthy = (value: unknown) => value === true || value === 'true'

function readTransaction(rawBody: Buffer): PaymobTransaction {
  let body: unknown
  try {
    body = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new InvalidNotificationError('Paymob callback is not JSON')
  }
  const obj = (body as { obj?: unknown } | null)?.obj
  if (!obj || typeof obj !== 'object')
    throw new InvalidNotificationError('Paymob callback has no transaction')
  const t = obj as Partial<PaymobTransaction>
  if (
    t.id === undefined ||
    !t.order ||
    typeof t.order !== 'object' ||
    !t.source_data ||
    typeof t.source_data !== 'object'
  ) {
    throw new InvalidNotificationError('Paymob callback lacks the signed fields')
  }
  return t as PaymobTransaction
}

/** Paymob's transaction state as an order outcome. */
function outcomeOf(t: PaymobTransaction): PaymentOutcome {
  if (truthy(t.is_refunded) || truthy(t.is_voided)) return 'refunded'
  if (truthy(t.pending)) return 'pending'
  return truthy(t.success) ? 'paid' : 'failed'
}

/**
 * A transaction as a notification: the checkout is Paymob's `order.id` (covered by the HMAC), never
 * `merchant_order_id` (not covered: anyone holding one genuine callback could change it).
 */
function notificationOf(transaction: PaymobTransaction): PaymentNotification {
  const outcome = outcomeOf(transaction)
  return {
    type: 'payment',
    // One transaction goes through several states (paid, then refunded): each is its own event.
    eventId: `${transaction.id}:${outcome}`,
    orderId: orderIdFromReference(transaction.order.merchant_order_id),
    gatewayRef: String(transaction.order.id),
    outcome,
    amountMinor: Number(transaction.amount_cents),
    currency: String(transaction.currency),
    // Paymob's created_at carries no time zone and is the transaction's start, not this state's.
    occurredAt: new Date(),
    paymentRef: String(transaction.id),
    reason: outcome === 'failed' ? (transaction.data?.message ?? 'Payment failed') : null,
    savedCard: null,
  }
}

/**
 * The real Paymob gateway (EGP): a checkout is an Accept order and payment key, and the client pays on
 * Paymob's iframe page; the "transaction processed" callback (POST, JSON, `?hmac=`) says how it went.
 */
export class PaymobGateway extends RealGateway<'paymob', 'EGP', PaymobClient> implements PaymentGateway {
  constructor(account: PaymobAccount) {
    super('paymob', 'EGP', new PaymobClient(account))
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.checkCurrency(request)
    const checkout = await this.client.createCheckout({
      merchantOrderId: request.attemptKey,
      amountCents: request.amountMinor,
      description: request.order.description,
      billing: {
        email: request.customer.email,
        firstName: request.customer.firstName,
        lastName: request.customer.lastName,
        phone: request.customer.phone,
      },
    })
    return {
      gatewayRef: String(checkout.paymobOrderId),
      url: checkout.iframeUrl,
      clientSecret: null,
      referenceNumber: null,
      immediate: null,
    }
  }

  async parseNotification(input: NotificationInput): Promise<PaymentNotification> {
    const transaction = readTransaction(input.rawBody)
    if (!this.client.verifyCallback(transaction, input.query.hmac)) {
      throw new InvalidNotificationError('Paymob callback HMAC does not match')
    }
    return notificationOf(transaction)
  }

  /** Reconciliation: the transaction inquiry of the checkout's Paymob order, as its callback would say. */
  async checkStatus(gatewayRef: string): Promise<PaymentNotification> {
    const transaction = await this.client.inquire(gatewayRef)
    if (!transaction || !transaction.order || transaction.id === undefined)
      return pendingPayment(gatewayRef, `order-${gatewayRef}:pending`)
    // Asked over our authenticated request; it must still be about the order we asked for.
    if (String(transaction.order.id) !== gatewayRef)
      throw new PaymobError(`Paymob answered order ${transaction.order.id} for ${gatewayRef}`, 502)
    return notificationOf(transaction)
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.paymentRef)
      throw new RefundRefusedError(
        "Paymob's transaction id of this payment is not known here; refund it in Paymob's dashboard.",
      )
    const refund = await this.client.refund(request.paymentRef, request.amountMinor)
    return { refundRef: refund.id }
  }
}
