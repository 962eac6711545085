import {
  fawryCheckoutSignature,
  fawryRefundSignature,
  fawryStatusSignature,
  isValidFawryNotification,
  twoDecimals,
  type FawryAccount,
  type FawryCheckoutRequest,
  type FawryNotification,
} from './fawry-signatures'
import { RefundRefusedError } from './types'

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
