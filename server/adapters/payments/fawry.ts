import { RealGateway } from './real-gateway'
import { orderIdFromReference } from './references'
import { FAWRY_ORDER_STATUSES, FawryClient, type FawryOrderStatus } from './fawry-client'
import type { FawryAccount, FawryNotification } from './fawry-signatures'
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

export {
  FAWRY_ORDER_STATUSES,
  FawryClient,
  FawryError,
  type FawryOrderStatus,
  type FawryStatus,
} from './fawry-client'
export {
  fawryCheckoutSignature,
  fawryNotificationSignature,
  fawryRefundSignature,
  fawryStatusSignature,
  isValidFawryNotification,
  type FawryAccount,
  type FawryChargeItem,
  type FawryCheckoutRequest,
  type FawryNotification,
} from './fawry-signatures'

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
