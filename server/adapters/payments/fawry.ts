import { createHash, timingSafeEqual } from 'node:crypto'
import { RealGateway } from './real-gateway'
import { orderIdFromReference } from './references'
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

export interface FawryAccount {
  merchantCode: string
  secureKey: string
  /** https://atfawry.com (staging: https://atfawry.fawrystaging.com), or a local fake in tests. */
  apiUrl: string
}

/** Fawry's order statuses (server notification V2 and the status query). */
export const FAWRY_ORDER_STATUSES = [
  'NEW',
  'PAID',
  'CANCELED',
  'REFUNDED',
  'EXPIRED',
  'PARTIAL_REFUNDED',
  'FAILED',
] as const
export type FawryOrderStatus = (typeof FAWRY_ORDER_STATUSES)[number]

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
/** Fawry signs amounts with exactly two decimals ("150.00"). */
const twoDecimals = (value: number | string) => Number(value).toFixed(2)

function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'))
}

export interface FawryChargeItem {
  itemId: string
  description: string
  /** EGP with two decimals. */
  price: number
  quantity: number
}

export interface FawryCheckoutRequest {
  /** Ours, unique per checkout. */
  merchantRefNum: string
  customerProfileId: string
  customer: { name: string; email: string; mobile: string }
  items: FawryChargeItem[]
  /** Where Fawry sends the client after paying. */
  returnUrl: string
  /** Where Fawry posts the server notification V2 for this order. */
  webhookUrl: string
  /** Until when a reference number stays payable (ms since the epoch). */
  paymentExpiry: number
}

/**
 * The Express Checkout Link signature: SHA-256 of merchantCode + merchantRefNum + customerProfileId +
 * returnUrl + (itemId + quantity + price with 2 decimals, for each item sorted by itemId) + secureKey.
 */
export function fawryCheckoutSignature(
  account: Pick<FawryAccount, 'merchantCode' | 'secureKey'>,
  request: Pick<FawryCheckoutRequest, 'merchantRefNum' | 'customerProfileId' | 'returnUrl' | 'items'>,
): string {
  const items = [...request.items]
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))
    .map((item) => `${item.itemId}${item.quantity}${twoDecimals(item.price)}`)
    .join('')
  return sha256(
    `${account.merchantCode}${request.merchantRefNum}${request.customerProfileId}${request.returnUrl}${items}${account.secureKey}`,
  )
}

/** The status query's signature: SHA-256 of merchantCode + merchantRefNumber + secureKey. */
export function fawryStatusSignature(
  account: Pick<FawryAccount, 'merchantCode' | 'secureKey'>,
  merchantRefNumber: string,
) {
  return sha256(`${account.merchantCode}${merchantRefNumber}${account.secureKey}`)
}

/** The fields of a server notification V2 (and of the v2 status answer) that its signature covers. */
/**
 * The refund API's signature: SHA-256 of merchantCode + referenceNumber + refundAmount (2 decimals) +
 * reason (when given) + secureKey.
 */
export function fawryRefundSignature(
  account: Pick<FawryAccount, 'merchantCode' | 'secureKey'>,
  referenceNumber: string,
  refundAmount: number,
  reason: string,
) {
  return sha256(
    `${account.merchantCode}${referenceNumber}${twoDecimals(refundAmount)}${reason}${account.secureKey}`,
  )
}

export interface FawryNotification {
  fawryRefNumber: string | number
  merchantRefNumber: string
  paymentAmount: number | string
  orderAmount: number | string
  orderStatus: string
  paymentMethod: string
  /** Fawry's spelling; present once a payment was made. */
  paymentRefrenceNumber?: string | number | null
  messageSignature: string
}

/**
 * The server notification V2 signature: SHA-256 of fawryRefNumber + merchantRefNumber + paymentAmount
 * (2 decimals) + orderAmount (2 decimals) + orderStatus + paymentMethod + paymentRefrenceNumber (when
 * present) + secureKey.
 */
export function fawryNotificationSignature(
  secureKey: string,
  n: Omit<FawryNotification, 'messageSignature'>,
) {
  const reference =
    n.paymentRefrenceNumber === undefined || n.paymentRefrenceNumber === null
      ? ''
      : String(n.paymentRefrenceNumber)
  return sha256(
    `${n.fawryRefNumber}${n.merchantRefNumber}${twoDecimals(n.paymentAmount)}${twoDecimals(n.orderAmount)}${n.orderStatus}${n.paymentMethod}${reference}${secureKey}`,
  )
}

export function isValidFawryNotification(secureKey: string, notification: FawryNotification): boolean {
  return sameHex(fawryNotificationSignature(secureKey, notification), notification.messageSignature)
}

export class FawryError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message)
    this.name = 'FawryError'
  }
}

/** What Fawry says of an order when asked. */
export interface FawryStatus {
  orderStatus: FawryOrderStatus
  fawryRefNumber: string
  paymentAmount: number
  /** The order's amount before Fawry's fee (the payment amount may add it). */
  orderAmount: number | null
  paymentMethod: string
  paymentReference: string | null
}

/**
 * FawryPay: the Express Checkout Link (a signed charge request answered with the hosted checkout URL the
 * client is sent to), the payment status query (v2) and the server notification V2 check.
 */
export class FawryClient {
  constructor(private readonly account: FawryAccount) {}

  /** The checkout URL to send the client to. */
  async createCheckout(request: FawryCheckoutRequest): Promise<string> {
    const body = {
      merchantCode: this.account.merchantCode,
      merchantRefNum: request.merchantRefNum,
      customerProfileId: request.customerProfileId,
      customerName: request.customer.name,
      customerEmail: request.customer.email,
      customerMobile: request.customer.mobile,
      paymentExpiry: request.paymentExpiry,
      language: 'en-gb',
      chargeItems: request.items.map((item) => ({
        itemId: item.itemId,
        description: item.description.slice(0, 200),
        price: Number(twoDecimals(item.price)),
        quantity: item.quantity,
      })),
      returnUrl: request.returnUrl,
      orderWebHookUrl: request.webhookUrl,
      authCaptureModePayment: false,
      signature: fawryCheckoutSignature(this.account, request),
    }
    const response = await fetch(`${this.account.apiUrl}/fawrypay-api/api/payments/init`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/plain' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const text = (await response.text()).trim()
    // Fawry answers the URL itself (plain, or as a JSON string); errors come as a JSON object.
    const url = text.startsWith('"') ? (JSON.parse(text) as unknown) : text
    if (response.ok && typeof url === 'string' && /^https?:\/\//.test(url)) return url
    throw this.failure(text, response.status)
  }

  /** Asks Fawry for an order's status; the answer's own signature is checked when it carries one. */
  async status(merchantRefNumber: string): Promise<FawryStatus> {
    const query = new URLSearchParams({
      merchantCode: this.account.merchantCode,
      merchantRefNumber,
      signature: fawryStatusSignature(this.account, merchantRefNumber),
    })
    const response = await fetch(`${this.account.apiUrl}/ECommerceWeb/Fawry/payments/status/v2?${query}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    const answer = parseObject(text)
    if (!response.ok || !answer || answer.statusCode !== 200) throw this.failure(text, response.status)
    if (
      answer.messageSignature !== undefined &&
      !isValidFawryNotification(this.account.secureKey, answer as unknown as FawryNotification)
    ) {
      throw new FawryError('Fawry status answer failed its signature check', 502)
    }
    const status = String(answer.orderStatus ?? answer.paymentStatus)
    if (!(FAWRY_ORDER_STATUSES as readonly string[]).includes(status)) {
      throw new FawryError(`Fawry answered an unknown status ${status}`, 502)
    }
    return {
      orderStatus: status as FawryOrderStatus,
      fawryRefNumber: String(answer.fawryRefNumber ?? answer.referenceNumber ?? ''),
      paymentAmount: Number(answer.paymentAmount ?? 0),
      orderAmount:
        answer.orderAmount === undefined || answer.orderAmount === null ? null : Number(answer.orderAmount),
      paymentMethod: String(answer.paymentMethod ?? ''),
      paymentReference:
        answer.paymentRefrenceNumber === undefined || answer.paymentRefrenceNumber === null
          ? null
          : String(answer.paymentRefrenceNumber),
    }
  }

  /**
   * Refunds a paid order: `POST /ECommerceWeb/Fawry/payments/refund` with merchantCode, Fawry's
   * referenceNumber, refundAmount (EGP), reason and the signature. Fawry reports a refusal in the body.
   */
  async refund(referenceNumber: string, refundAmount: number, reason: string): Promise<void> {
    const response = await fetch(`${this.account.apiUrl}/ECommerceWeb/Fawry/payments/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        merchantCode: this.account.merchantCode,
        referenceNumber,
        refundAmount: Number(twoDecimals(refundAmount)),
        reason,
        signature: fawryRefundSignature(this.account, referenceNumber, refundAmount, reason),
      }),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    const answer = parseObject(text)
    if (response.ok && answer?.statusCode === 200) return
    const failure = this.failure(text, response.status)
    // A business refusal comes in a 200 answer's body; a server error is not Fawry saying no.
    if (response.status < 500) throw new RefundRefusedError(failure.message)
    throw failure
  }

  verifyNotification(notification: FawryNotification): boolean {
    return isValidFawryNotification(this.account.secureKey, notification)
  }

  private failure(text: string, httpStatus: number): FawryError {
    const answer = parseObject(text)
    const code = typeof answer?.statusCode === 'number' ? answer.statusCode : httpStatus
    const description =
      typeof answer?.statusDescription === 'string' ? answer.statusDescription : text.slice(0, 200)
    return new FawryError(`Fawry ${code}: ${description || `HTTP ${httpStatus}`}`, code)
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** Fawry's order statuses as order outcomes; a partial refund leaves the order as it is. */
const OUTCOMES: Record<FawryOrderStatus, PaymentOutcome | null> = {
  NEW: 'pending',
  PAID: 'paid',
  CANCELED: 'cancelled',
  EXPIRED: 'cancelled',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  PARTIAL_REFUNDED: null,
}

/** Fawry takes Egyptian mobiles in local form (01xxxxxxxxx); other numbers go as digits. */
export function localMobile(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return digits.startsWith('20') && digits.length === 12 ? `0${digits.slice(2)}` : digits
}

/** How long a Fawry reference number stays payable at outlets. */
const PAYMENT_EXPIRY_MS = 48 * 60 * 60 * 1000

/**
 * The real Fawry gateway (EGP): a checkout is a signed Express Checkout Link request and the client pays
 * on Fawry's page (card, wallet, or a reference number at an outlet); Fawry posts the server
 * notification V2 to our webhook, and `checkStatus` asks its status query.
 */
export class FawryGateway extends RealGateway<'fawry', 'EGP', FawryClient> implements PaymentGateway {
  constructor(
    account: FawryAccount,
    /** Our notification endpoint, absolute (Fawry posts the V2 notification there). */
    private readonly webhookUrl: string,
  ) {
    super('fawry', 'EGP', new FawryClient(account))
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.checkCurrency(request)
    const url = await this.client.createCheckout({
      merchantRefNum: request.attemptKey,
      customerProfileId: String(request.customer.userId),
      customer: {
        name: `${request.customer.firstName} ${request.customer.lastName}`.trim(),
        email: request.customer.email,
        mobile: localMobile(request.customer.phone),
      },
      items: [
        {
          itemId: `order-${request.order.id}`,
          description: request.order.description,
          price: request.amountMinor / 100,
          quantity: 1,
        },
      ],
      returnUrl: request.returnUrls.success,
      webhookUrl: this.webhookUrl,
      paymentExpiry: Date.now() + PAYMENT_EXPIRY_MS,
    })
    return { gatewayRef: request.attemptKey, url, clientSecret: null, referenceNumber: null, immediate: null }
  }

  async parseNotification(input: NotificationInput): Promise<PaymentNotification> {
    let body: Record<string, unknown>
    try {
      const value: unknown = JSON.parse(input.rawBody.toString('utf8'))
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object')
      body = value as Record<string, unknown>
    } catch {
      throw new InvalidNotificationError('Fawry notification is not a JSON object')
    }
    const notification = body as unknown as FawryNotification
    for (const field of [
      'fawryRefNumber',
      'merchantRefNumber',
      'orderStatus',
      'paymentMethod',
      'messageSignature',
    ] as const) {
      if (notification[field] === undefined || notification[field] === null) {
        throw new InvalidNotificationError(`Fawry notification lacks ${field}`)
      }
    }
    if (!this.client.verifyNotification(notification)) {
      throw new InvalidNotificationError('Fawry notification signature does not match')
    }
    return this.translate({
      orderStatus: String(notification.orderStatus),
      fawryRefNumber: String(notification.fawryRefNumber),
      merchantRefNumber: String(notification.merchantRefNumber),
      paymentAmount: Number(notification.paymentAmount),
      orderAmount: Number(notification.orderAmount),
      paymentTime: typeof body.paymentTime === 'number' ? body.paymentTime : null,
      reason: typeof body.failureReason === 'string' ? body.failureReason : null,
    })
  }

  /** What Fawry's status query says of a checkout, as the notification of that state would say it. */
  async checkStatus(gatewayRef: string): Promise<PaymentNotification> {
    const status = await this.client.status(gatewayRef)
    return this.translate({
      orderStatus: status.orderStatus,
      fawryRefNumber: status.fawryRefNumber,
      merchantRefNumber: gatewayRef,
      paymentAmount: status.paymentAmount,
      orderAmount: status.orderAmount,
      paymentTime: null,
      reason: null,
    })
  }

  private translate(n: {
    orderStatus: string
    fawryRefNumber: string
    merchantRefNumber: string
    paymentAmount: number
    orderAmount: number | null
    paymentTime: number | null
    reason: string | null
  }): PaymentNotification {
    // Status and reference make the event id, so the query and the notification of one state agree.
    const eventId = `${n.fawryRefNumber}:${n.orderStatus}`
    const occurredAt = n.paymentTime ? new Date(n.paymentTime) : new Date()
    const outcome = (FAWRY_ORDER_STATUSES as readonly string[]).includes(n.orderStatus)
      ? OUTCOMES[n.orderStatus as FawryOrderStatus]
      : null
    if (!outcome) return { type: 'ignored', eventId, occurredAt }
    return {
      type: 'payment',
      eventId,
      orderId: orderIdFromReference(n.merchantRefNumber),
      gatewayRef: n.merchantRefNumber,
      outcome,
      amountMinor: Math.round(n.paymentAmount * 100),
      orderAmountMinor:
        n.orderAmount === null || !Number.isFinite(n.orderAmount) ? null : Math.round(n.orderAmount * 100),
      currency: 'EGP',
      occurredAt,
      paymentRef: n.fawryRefNumber,
      reason: outcome === 'failed' ? (n.reason ?? 'Payment failed') : null,
      savedCard: null,
    }
  }

  /** Refunds the whole payment; Fawry's reference number is asked of the status query when not stored. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const referenceNumber =
      request.paymentRef ?? (await this.client.status(request.gatewayRef)).fawryRefNumber
    if (!referenceNumber) throw new RefundRefusedError('Fawry knows no payment for this order.')
    // Fawry signs the reason; keep it to plain text of a sane length.
    const reason = request.reason.replace(/\s+/g, ' ').trim().slice(0, 200)
    await this.client.refund(referenceNumber, request.amountMinor / 100, reason)
    // Fawry answers no refund id: the payment's reference names the refund (one refund per order here).
    return { refundRef: `${referenceNumber}:refund` }
  }
}
