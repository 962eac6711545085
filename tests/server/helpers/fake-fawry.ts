import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { FakeHttpProvider, jsonBody, type FakeAnswer, type FakeRequest } from './fake-http'

export const FAWRY = {
  merchantCode: '1tSa6uxz2nRbgY+b+cZGyA==',
  secureKey: 'fake-fawry-secure-key-0123456789',
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const twoDecimals = (value: unknown) => Number(value).toFixed(2)

interface ChargeItem {
  itemId: string
  description?: string
  price: number
  quantity: number
}

/**
 * The signatures below are written from Fawry's documentation, independently of the adapter:
 * - Express Checkout Link: SHA-256 of merchantCode + merchantRefNum + customerProfileId (or "") +
 *   returnUrl + for each item sorted by itemId: itemId + quantity + price (2 decimals) + secureKey.
 * - Payment status v2: SHA-256 of merchantCode + merchantRefNumber + secureKey.
 * - Refund: SHA-256 of merchantCode + referenceNumber + refundAmount (2 decimals) + reason (when
 *   given) + secureKey.
 * - Server notification V2: SHA-256 of fawryRefNumber + merchantRefNumber + paymentAmount (2 decimals) +
 *   orderAmount (2 decimals) + orderStatus + paymentMethod + paymentRefrenceNumber (when present) +
 *   secureKey.
 */
export function fawryCheckoutSignature(request: Record<string, unknown>, secureKey = FAWRY.secureKey) {
  const items = [...((request.chargeItems as ChargeItem[] | undefined) ?? [])].sort((a, b) =>
    a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0,
  )
  return sha256(
    String(request.merchantCode) +
      String(request.merchantRefNum) +
      String(request.customerProfileId ?? '') +
      String(request.returnUrl) +
      items.map((item) => `${item.itemId}${item.quantity}${twoDecimals(item.price)}`).join('') +
      secureKey,
  )
}

export function fawryRefundSignature(body: Record<string, unknown>, secureKey = FAWRY.secureKey) {
  return sha256(
    String(body.merchantCode) +
      String(body.referenceNumber) +
      twoDecimals(body.refundAmount) +
      (body.reason === undefined || body.reason === null ? '' : String(body.reason)) +
      secureKey,
  )
}

export function fawryStatusSignature(merchantRefNumber: string, secureKey = FAWRY.secureKey) {
  return sha256(FAWRY.merchantCode + merchantRefNumber + secureKey)
}

export function fawryNotificationSignature(n: Record<string, unknown>, secureKey = FAWRY.secureKey) {
  return sha256(
    String(n.fawryRefNumber) +
      String(n.merchantRefNumber) +
      twoDecimals(n.paymentAmount) +
      twoDecimals(n.orderAmount) +
      String(n.orderStatus) +
      String(n.paymentMethod) +
      (n.paymentRefrenceNumber === undefined ? '' : String(n.paymentRefrenceNumber)) +
      secureKey,
  )
}

export type FawryOrderStatus =
  'NEW' | 'PAID' | 'CANCELED' | 'REFUNDED' | 'EXPIRED' | 'PARTIAL_REFUNDED' | 'FAILED'

interface FakeCharge {
  request: Record<string, unknown>
  fawryRefNumber: string
  amount: number
  status: FawryOrderStatus
  paymentMethod: string
  paymentRefrenceNumber?: string
}

/**
 * A local stand-in for FawryPay, checking requests as Fawry documents them: the Express Checkout Link
 * (`POST /fawrypay-api/api/payments/init`, JSON charge request with a valid signature → the checkout
 * URL as text), the payment status query (`GET /ECommerceWeb/Fawry/payments/status/v2`) and the
 * server notification V2 it posts when an order changes.
 */
export class FakeFawry extends FakeHttpProvider {
  readonly charges = new Map<string, FakeCharge>()

  /** The V2 notification Fawry posts when the order's status becomes `status`. */
  notification(merchantRefNum: string, status: FawryOrderStatus = 'PAID', secureKey = FAWRY.secureKey) {
    const charge = this.charges.get(merchantRefNum)
    if (!charge) throw new Error(`no Fawry charge ${merchantRefNum}`)
    charge.status = status
    if (status === 'PAID') {
      charge.paymentMethod = 'CARD'
      charge.paymentRefrenceNumber = String(Math.floor(1e8 + Math.random() * 9e8))
    }
    const body: Record<string, unknown> = {
      requestId: randomUUID().replace(/-/g, ''),
      fawryRefNumber: charge.fawryRefNumber,
      merchantRefNumber: merchantRefNum,
      customerName: String(charge.request.customerName ?? ''),
      customerMobile: String(charge.request.customerMobile ?? ''),
      customerMail: String(charge.request.customerEmail ?? ''),
      customerMerchantId: String(charge.request.customerProfileId ?? ''),
      paymentAmount: charge.amount,
      orderAmount: charge.amount,
      fawryFees: 0,
      shippingFees: 0,
      orderStatus: status,
      paymentMethod: charge.paymentMethod,
      paymentTime: Date.now(),
      orderExpiryDate: Date.now() + 86_400_000,
      orderItems: (charge.request.chargeItems as ChargeItem[]).map((i) => ({
        itemCode: i.itemId,
        price: i.price,
        quantity: i.quantity,
      })),
      ...(charge.paymentRefrenceNumber ? { paymentRefrenceNumber: charge.paymentRefrenceNumber } : {}),
    }
    body.messageSignature = fawryNotificationSignature(body, secureKey)
    return body
  }

  protected handle(request: FakeRequest): FakeAnswer {
    if (request.method === 'POST' && request.path === '/fawrypay-api/api/payments/init')
      return this.init(request)
    if (request.method === 'GET' && request.path === '/ECommerceWeb/Fawry/payments/status/v2')
      return this.status(request)
    if (request.method === 'POST' && request.path === '/ECommerceWeb/Fawry/payments/refund')
      return this.refund(request)
    return { status: 404, body: { statusCode: 404, statusDescription: 'Not found' } }
  }

  private failure(statusCode: number, statusDescription: string): FakeAnswer {
    // Fawry reports business errors in the body of an HTTP 200 answer.
    return { status: 200, body: { type: 'ChargeResponse', statusCode, statusDescription } }
  }

  private init(request: FakeRequest): FakeAnswer {
    const body = jsonBody(request)
    if (!body) return this.failure(9901, 'Invalid request format')
    if (body.merchantCode !== FAWRY.merchantCode)
      return this.failure(9901, 'Merchant code is blank or invalid')
    if (typeof body.merchantRefNum !== 'string' || body.merchantRefNum === '') {
      return this.failure(9935, 'Merchant reference number is blank')
    }
    if (typeof body.returnUrl !== 'string' || !/^https?:\/\//.test(body.returnUrl)) {
      return this.failure(9937, 'Return URL is blank or invalid')
    }
    const items = body.chargeItems
    if (
      !Array.isArray(items) ||
      items.length === 0 ||
      !items.every(
        (i: Partial<ChargeItem>) =>
          typeof i.itemId === 'string' && Number.isFinite(Number(i.price)) && Number.isInteger(i.quantity),
      )
    ) {
      return this.failure(9938, 'Charge items are missing or invalid')
    }
    if (body.signature !== fawryCheckoutSignature(body)) return this.failure(9946, 'Wrong Signature')
    if (this.charges.has(body.merchantRefNum))
      return this.failure(9954, 'Duplicate merchant reference number')
    const amount = (items as ChargeItem[]).reduce((sum, i) => sum + Number(i.price) * i.quantity, 0)
    this.charges.set(body.merchantRefNum, {
      request: body,
      fawryRefNumber: String(Math.floor(1e8 + Math.random() * 9e8)),
      amount: Math.round(amount * 100) / 100,
      status: 'NEW',
      paymentMethod: 'PayAtFawry',
    })
    return { status: 200, body: `${this.url}/atfawry/plugin/checkout/${randomBytes(12).toString('hex')}` }
  }

  /**
   * The refund API: merchantCode, Fawry's referenceNumber of a PAID order, refundAmount (not above what
   * was paid), optional reason and the signature; answers statusCode 200, or a business error in a 200.
   */
  private refund(request: FakeRequest): FakeAnswer {
    const body = jsonBody(request)
    if (!body) return this.failure(9901, 'Invalid request format')
    if (body.merchantCode !== FAWRY.merchantCode)
      return this.failure(9901, 'Merchant code is blank or invalid')
    if (body.signature !== fawryRefundSignature(body)) return this.failure(9946, 'Wrong Signature')
    const charge = [...this.charges.values()].find((c) => c.fawryRefNumber === String(body.referenceNumber))
    if (!charge) return this.failure(9938, 'Payment not found')
    if (charge.status !== 'PAID')
      return this.failure(9954, `Order is ${charge.status} and cannot be refunded`)
    const amount = Number(body.refundAmount)
    if (!Number.isFinite(amount) || amount <= 0 || amount > charge.amount)
      return this.failure(9955, 'Refund amount is invalid')
    charge.status = amount === charge.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED'
    return {
      status: 200,
      body: { type: 'ResponseDataModel', statusCode: 200, statusDescription: 'Operation done successfully' },
    }
  }

  private status(request: FakeRequest): FakeAnswer {
    const merchantRefNumber = request.query.get('merchantRefNumber') ?? ''
    if (request.query.get('merchantCode') !== FAWRY.merchantCode) {
      return this.failure(9901, 'merchant code is blank or invalid')
    }
    if (request.query.get('signature') !== fawryStatusSignature(merchantRefNumber)) {
      return this.failure(9946, 'blank or invalid signature')
    }
    const charge = this.charges.get(merchantRefNumber)
    if (!charge) return this.failure(9938, 'payment not found')
    const answer: Record<string, unknown> = {
      type: 'PaymentStatusResponse',
      fawryRefNumber: charge.fawryRefNumber,
      merchantRefNumber,
      paymentAmount: charge.amount,
      orderAmount: charge.amount,
      fawryFees: 0,
      orderStatus: charge.status,
      paymentMethod: charge.paymentMethod,
      ...(charge.paymentRefrenceNumber ? { paymentRefrenceNumber: charge.paymentRefrenceNumber } : {}),
      statusCode: 200,
      statusDescription: 'Operation done successfully',
    }
    answer.messageSignature = fawryNotificationSignature(answer)
    return { status: 200, body: answer }
  }
}
