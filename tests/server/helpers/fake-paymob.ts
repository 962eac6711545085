import { createHmac, randomBytes } from 'node:crypto'
import { FakeHttpProvider, jsonBody, type FakeAnswer, type FakeRequest } from './fake-http'

export const PAYMOB = {
  apiKey: 'fake-paymob-api-key-0123456789',
  integrationId: 4097558,
  iframeId: 830211,
  hmacSecret: 'FAKEPAYMOBHMACSECRET0123456789AB',
}

/** The billing fields Paymob's payment-key request requires (any may be "NA", none may be missing). */
export const PAYMOB_BILLING_FIELDS = [
  'apartment',
  'email',
  'floor',
  'first_name',
  'street',
  'building',
  'phone_number',
  'shipping_method',
  'postal_code',
  'city',
  'country',
  'last_name',
  'state',
] as const

/**
 * Paymob's HMAC of a transaction callback, written from its documentation independently of the
 * adapter: HMAC-SHA512 (hex) with the account's HMAC secret over these values concatenated in order.
 */
export function paymobCallbackHmac(transaction: PaymobTransaction, secret: string): string {
  const t = transaction
  const text = [
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
    t.source_data.pan,
    t.source_data.sub_type,
    t.source_data.type,
    t.success,
  ].join('')
  return createHmac('sha512', secret).update(text, 'utf8').digest('hex')
}

export interface PaymobTransaction {
  id: number
  pending: boolean
  amount_cents: number
  success: boolean
  is_auth: boolean
  is_capture: boolean
  is_standalone_payment: boolean
  is_voided: boolean
  is_refunded: boolean
  is_3d_secure: boolean
  integration_id: number
  has_parent_transaction: boolean
  order: { id: number; merchant_order_id: string; amount_cents: number; currency: string }
  created_at: string
  currency: string
  source_data: { pan: string; type: string; sub_type: string }
  error_occured: boolean
  owner: number
  data: { message: string }
}

interface FakeOrder {
  id: number
  merchant_order_id: string
  amount_cents: number
  currency: string
}

/**
 * A local stand-in for Paymob's Accept API (legacy flow), checking each request as Paymob documents it:
 * `POST /api/auth/tokens` with `{api_key}` → `{token}`; `POST /api/ecommerce/orders` with the token as
 * `auth_token`, `amount_cents`, `currency`, `merchant_order_id` (unique) and `items`; `POST
 * /api/acceptance/payment_keys` with the token, `amount_cents`, `order_id`, complete `billing_data` and
 * the `integration_id` → `{token}`.
 */
export class FakePaymob extends FakeHttpProvider {
  readonly orders = new Map<number, FakeOrder>()
  readonly paymentKeys = new Map<string, { orderId: number; amount_cents: number; integration_id: number }>()
  /** Transactions sent by `transactionCallback`, with how much of each was refunded (cents). */
  readonly transactions = new Map<number, { transaction: PaymobTransaction; refundedCents: number }>()
  private readonly tokens = new Set<string>()
  private nextOrderId = 217503754
  private nextTransactionId = 192036465

  /** The "transaction processed" callback Paymob posts for an order, with its `hmac` query value. */
  transactionCallback(
    orderId: number,
    outcome: Partial<
      Pick<PaymobTransaction, 'success' | 'pending' | 'is_refunded' | 'is_voided' | 'amount_cents'>
    > = {},
    secret = PAYMOB.hmacSecret,
  ) {
    const order = this.orders.get(orderId)
    if (!order) throw new Error(`no Paymob order ${orderId}`)
    const transaction: PaymobTransaction = {
      id: this.nextTransactionId++,
      pending: false,
      amount_cents: order.amount_cents,
      success: true,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: PAYMOB.integrationId,
      has_parent_transaction: false,
      order: { ...order },
      created_at: '2026-11-24T05:33:44.592345',
      currency: order.currency,
      source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
      error_occured: false,
      owner: 302852,
      data: { message: outcome.success === false ? 'Do not honour' : 'Approved' },
      ...outcome,
    }
    const body = { type: 'TRANSACTION', obj: transaction }
    this.transactions.set(transaction.id, { transaction, refundedCents: 0 })
    return { body, transaction, hmac: paymobCallbackHmac(transaction, secret) }
  }

  protected handle(request: FakeRequest): FakeAnswer {
    if (request.method !== 'POST') return { status: 405, body: { detail: 'Method not allowed.' } }
    const body = jsonBody(request)
    if (!body) return { status: 400, body: { detail: 'JSON body expected.' } }
    if (request.path === '/api/auth/tokens') {
      if (body.api_key !== PAYMOB.apiKey) return { status: 403, body: { detail: 'incorrect credentials' } }
      const token = randomBytes(24).toString('base64url')
      this.tokens.add(token)
      return { status: 201, body: { token, profile: { id: 302852 } } }
    }
    if (typeof body.auth_token !== 'string' || !this.tokens.has(body.auth_token)) {
      return { status: 401, body: { detail: 'Authentication credentials were not provided.' } }
    }
    if (request.path === '/api/ecommerce/orders') return this.createOrder(body)
    if (request.path === '/api/acceptance/payment_keys') return this.createPaymentKey(body)
    if (request.path === '/api/acceptance/void_refund/refund') return this.refund(body)
    if (request.path === '/api/ecommerce/orders/transaction_inquiry') return this.inquire(body)
    return { status: 404, body: { detail: 'Not found.' } }
  }

  private createOrder(body: Record<string, unknown>): FakeAnswer {
    const amount = body.amount_cents
    const problems: Record<string, string[]> = {}
    if (!Number.isInteger(Number(amount)) || Number(amount) <= 0)
      problems.amount_cents = ['A valid integer is required.']
    if (body.currency !== 'EGP') problems.currency = ['Unsupported currency.']
    if (typeof body.merchant_order_id !== 'string' || body.merchant_order_id === '') {
      problems.merchant_order_id = ['This field is required.']
    }
    if (!Array.isArray(body.items)) problems.items = ['This field is required.']
    if (Object.keys(problems).length > 0) return { status: 400, body: problems }
    const merchantOrderId = body.merchant_order_id as string
    if ([...this.orders.values()].some((o) => o.merchant_order_id === merchantOrderId)) {
      return { status: 422, body: { message: 'duplicate' } }
    }
    const order = {
      id: this.nextOrderId++,
      merchant_order_id: merchantOrderId,
      amount_cents: Number(amount),
      currency: 'EGP',
    }
    this.orders.set(order.id, order)
    return {
      status: 201,
      body: {
        ...order,
        created_at: new Date().toISOString(),
        delivery_needed: false,
        items: body.items,
        paid_amount_cents: 0,
      },
    }
  }

  /**
   * `POST /api/acceptance/void_refund/refund` with `transaction_id` and `amount_cents`: refunds (part of)
   * a successful transaction, never more than it took; answers the refund as a new transaction.
   */
  private refund(body: Record<string, unknown>): FakeAnswer {
    const found = this.transactions.get(Number(body.transaction_id))
    if (!found || found.transaction.success !== true || found.transaction.pending)
      return { status: 404, body: { detail: 'Transaction not found or not refundable.' } }
    const amount = body.amount_cents
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      return { status: 400, body: { amount_cents: ['A valid integer is required.'] } }
    if (found.refundedCents + amount > Number(found.transaction.amount_cents))
      return { status: 400, body: { message: 'Refund amount exceeds the transaction amount.' } }
    found.refundedCents += amount
    const refund = {
      ...found.transaction,
      id: this.nextTransactionId++,
      amount_cents: amount,
      success: true,
      pending: false,
      is_refund: true,
      is_void: false,
      is_refunded: false,
      has_parent_transaction: true,
      parent_transaction: found.transaction.id,
      created_at: new Date().toISOString(),
      data: { message: 'Approved' },
    }
    return { status: 200, body: refund }
  }

  /**
   * Transaction inquiry: `POST /api/ecommerce/orders/transaction_inquiry` with the auth token and
   * Paymob's `order_id` (or `merchant_order_id`): the order's latest transaction, 404 while it has none.
   */
  private inquire(body: Record<string, unknown>): FakeAnswer {
    const order =
      body.order_id !== undefined
        ? this.orders.get(Number(body.order_id))
        : [...this.orders.values()].find((o) => o.merchant_order_id === body.merchant_order_id)
    if (!order) return { status: 404, body: { detail: 'Not found.' } }
    const latest = [...this.transactions.values()]
      .map((t) => t.transaction)
      .filter((t) => t.order.id === order.id)
      .at(-1)
    if (!latest) return { status: 404, body: { detail: 'Not found.' } }
    return { status: 200, body: latest }
  }

  private createPaymentKey(body: Record<string, unknown>): FakeAnswer {
    const order = this.orders.get(Number(body.order_id))
    if (!order) return { status: 404, body: { detail: 'order not found' } }
    if (Number(body.amount_cents) !== order.amount_cents) {
      return { status: 400, body: { amount_cents: ['Amount does not match the order.'] } }
    }
    if (Number(body.integration_id) !== PAYMOB.integrationId) {
      return { status: 400, body: { integration_id: ['Invalid integration.'] } }
    }
    if (body.currency !== undefined && body.currency !== order.currency) {
      return { status: 400, body: { currency: ['Currency does not match the order.'] } }
    }
    const billing = body.billing_data as Record<string, unknown> | undefined
    const missing = PAYMOB_BILLING_FIELDS.filter(
      (field) => typeof billing?.[field] !== 'string' || billing[field] === '',
    )
    if (missing.length > 0) {
      return {
        status: 400,
        body: { billing_data: missing.map((field) => `${field}: This field is required.`) },
      }
    }
    const token = randomBytes(48).toString('base64url')
    this.paymentKeys.set(token, {
      orderId: order.id,
      amount_cents: order.amount_cents,
      integration_id: PAYMOB.integrationId,
    })
    return { status: 201, body: { token } }
  }
}
