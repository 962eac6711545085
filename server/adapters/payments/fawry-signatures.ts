import { createHash, timingSafeEqual } from 'node:crypto'

/* Fawry's signatures: SHA-256 over the fields of each request and notification, ending with the secure key. */

export interface FawryAccount {
  merchantCode: string
  secureKey: string
  /** https://atfawry.com (staging: https://atfawry.fawrystaging.com), or a local fake in tests. */
  apiUrl: string
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
/** Fawry signs amounts with exactly two decimals ("150.00"). */
export const twoDecimals = (value: number | string) => Number(value).toFixed(2)

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
