import type { PaymentGatewayName } from '@/contract/payments'

/** The gateway interface; documented in ./index.ts, which re-exports it. */

/** Who pays: read from the account when the checkout starts. */
export interface CheckoutCustomer {
  userId: number
  email: string
  firstName: string
  lastName: string
  /** As stored on the account ('' when none); Paymob's billing data and Fawry's mobile need one. */
  phone: string
  /** The client's customer at this gateway (Stripe cus_…), when one exists (see `CardVault`). */
  customerRef: string | null
}

export interface CheckoutRequest {
  /** Our order: `id` goes to the gateway as its merchant reference so notifications name it. */
  order: { id: number; description: string }
  /** What to charge, in minor units of `currency`. */
  amountMinor: number
  currency: 'USD' | 'EGP'
  customer: CheckoutCustomer
  /** Absolute URLs the gateway page sends the browser to afterwards (result pages or a desktop deep link). */
  returnUrls: { success: string; failure: string }
  /**
   * Unique per checkout attempt (`order-{id}-{n}`): sent as the provider's idempotency key (Stripe's
   * `Idempotency-Key`, Paymob's `merchant_order_id`, Fawry's `merchantRefNum`) so a retried request
   * never charges twice.
   */
  attemptKey: string
  /** Stripe: `setup_future_usage` so the card used is saved to the customer. */
  saveCard: boolean
  /** Stripe: pay with this saved method (its gateway id) and confirm at once (`confirm: true`, off_session). */
  savedMethodRef: string | null
  /**
   * With a saved card: the client is not present (an automatic renewal), so the gateway must not ask for
   * authentication (Stripe `off_session: true`; a card that needs it is declined instead).
   */
  offSession?: boolean
}

export interface CheckoutSession {
  /** The gateway's reference for this attempt (payment intent id, Paymob order id, Fawry merchantRefNum). */
  gatewayRef: string
  /** Page to send the browser to (sandbox page, Paymob iframe URL, Fawry redirect); null with Stripe Elements. */
  url: string | null
  /** Stripe's client secret for the card form; null for redirect gateways. */
  clientSecret: string | null
  /** Fawry's reference number shown to the client (payable at outlets); null elsewhere. */
  referenceNumber: string | null
  /**
   * A hosted page's own id at the gateway when the payment gets its id only once paid (Stripe Checkout:
   * the session `cs_…`), so reconciliation can retrieve the page; absent elsewhere.
   */
  sessionRef?: string | null
  /**
   * With a saved card confirmed at once: what the gateway answered right away. Never used to mark the
   * order paid (only the notification does); 'failed' lets the module answer the decline directly.
   */
  immediate: {
    status: 'processing' | 'succeeded' | 'requires_action' | 'failed'
    reason: string | null
  } | null
}

/** A card as gateways describe it (Stripe `payment_method.card`; the sandbox's test card). */
export interface CardDetails {
  /** The gateway's id of the saved method (pm_…). */
  methodRef: string
  brand: string
  lastFour: string
  expMonth: number
  expYear: number
  /** The gateway's fingerprint of the card number: the same card saved twice has the same one. */
  fingerprint?: string | null
}

/** What a webhook request carries; verification must use `rawBody`, never re-serialised JSON. */
export interface NotificationInput {
  rawBody: Buffer
  headers: Record<string, string | string[] | undefined>
  /** Query parameters (Paymob sends `hmac` here). */
  query: Record<string, string>
}

export type PaymentOutcome = 'paid' | 'failed' | 'pending' | 'cancelled' | 'refunded'

/** A verified notification, translated. Every kind carries the gateway's event id (the dedupe key). */
export type PaymentNotification =
  | {
      type: 'payment'
      /** Unique per event at this gateway (Stripe evt_…, Paymob transaction id + state, Fawry ref + status). */
      eventId: string
      /**
       * Our order id as the gateway echoes it (metadata / merchant reference). Never used to find the
       * order: Paymob's `merchant_order_id` is not covered by its HMAC. For logs only.
       */
      orderId: number | null
      /**
       * The gateway's own reference of the checkout, from a signed field (Stripe PaymentIntent id, Paymob
       * `order.id`, Fawry merchantRefNum, the sandbox's reference): the notification pays only that checkout.
       */
      gatewayRef: string | null
      /**
       * The reference the checkout was recorded under when the payment's own is not known when it starts
       * (a hosted Stripe Checkout page creates its PaymentIntent later; our reference rides in its metadata,
       * which Stripe's signature covers). Absent: `gatewayRef` names the checkout.
       */
      checkoutRef?: string
      outcome: PaymentOutcome
      /** The amount the gateway says it took, minor units of `currency`; null when it does not say. */
      amountMinor: number | null
      /**
       * The order's amount at the gateway before its own fee, when it reports one apart (Fawry's
       * `orderAmount`; `amountMinor` is then the payment amount, fee included).
       */
      orderAmountMinor?: number | null
      currency: string | null
      /** When it happened at the gateway: older events than the last applied one are ignored. */
      occurredAt: Date
      /**
       * The gateway's id of the payment itself when it differs from `gatewayRef` (Paymob's transaction
       * id, Fawry's reference number); stored with a paid order so a refund can name it.
       */
      paymentRef?: string | null
      /** The gateway's reason for a failure ('Your card was declined.'); null otherwise. */
      reason: string | null
      /** A card saved while paying (Stripe setup_future_usage), with the customer it belongs to. */
      savedCard: (CardDetails & { customerRef: string }) | null
    }
  | {
      /** A card added without paying (Stripe setup_intent.succeeded / payment_method.attached; sandbox). */
      type: 'card_saved'
      eventId: string
      customerRef: string
      card: CardDetails
      /** Make it the client's default card. */
      makeDefault: boolean
      occurredAt: Date
    }
  | {
      /** Verified, but of no interest (another event type); acknowledged with 200. */
      type: 'ignored'
      eventId: string
      occurredAt: Date
    }

/** Thrown by `parseNotification` for a missing or wrong signature, an old timestamp, or a bad body: 400. */
export class InvalidNotificationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidNotificationError'
  }
}

/** A whole refund of one paid order (issue 15: staff refunds). */
export interface RefundRequest {
  /** Our order, for the gateway's records. */
  order: { id: number }
  /** The paid checkout's reference (`orders.gateway_ref`): payment intent, Paymob order, Fawry merchantRefNum. */
  gatewayRef: string
  /** The payment's own id when known (Paymob transaction id, Fawry reference number); null otherwise. */
  paymentRef: string | null
  /** What was charged, minor units of `currency` (the whole charge goes back). */
  amountMinor: number
  currency: 'USD' | 'EGP'
  /** Why (staff's words), sent where the gateway takes one (Fawry; Stripe's idempotent retries must not vary). */
  reason: string
  /** Same key for a retry of the same refund (Stripe's Idempotency-Key). */
  idempotencyKey: string
}

/** What the gateway answered: its refund id. */
export interface RefundResult {
  refundRef: string
}

/** Thrown by `refund` when the gateway refuses it (already refunded, not refundable): its words, for staff. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RefundRefusedError'
  }
}

/** One gateway (real or sandbox). */
export interface PaymentGateway {
  readonly name: PaymentGatewayName
  /** True for the sandbox: the UI shows the Sandbox badge. */
  readonly sandbox: boolean
  /** Currency it charges: USD for Stripe, EGP for Paymob and Fawry. */
  readonly currency: 'USD' | 'EGP'
  /** Starts paying one order (creates the payment intent / Paymob order + payment key / Fawry charge). */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /** Verifies and translates a server notification; throws `InvalidNotificationError` when it is not genuine. */
  parseNotification(input: NotificationInput): Promise<PaymentNotification>
  /**
   * Asks the gateway how a checkout stands (Stripe: retrieve the PaymentIntent; Paymob: transaction
   * inquiry by its order id; Fawry: status query; the sandbox: what it recorded), answered as the
   * notification of that state would be (same event id, so a later notification is a duplicate). An
   * open checkout answers outcome `pending`. Reconciliation calls it for checkouts left open, with the
   * hosted page's `sessionRef` when the checkout was recorded with one (a Stripe Checkout Session).
   */
  checkStatus(gatewayRef: string, sessionRef?: string | null): Promise<PaymentNotification>
  /**
   * The same checkout as a page on the gateway's own site (Stripe Checkout), for a client that cannot
   * run the gateway's in-page card form (the desktop app opens it in the system browser). Gateways whose
   * checkout is always a page leave it out. `returnUrls` must be http(s) addresses here.
   */
  createHostedCheckout?(request: CheckoutRequest): Promise<CheckoutSession>
  /**
   * Gives the whole charge of a paid checkout back to the payer (Stripe Refunds API, Paymob refund, Fawry
   * refund; the sandbox refunds itself). Throws `RefundRefusedError` when the gateway says no, any other
   * error when it could not be asked. Never marks anything here: the refunds module does.
   */
  refund(request: RefundRequest): Promise<RefundResult>
}

/** Saved cards (Stripe, and the sandbox standing in for it): a customer per client, SetupIntents, detach. */
export interface CardVault {
  /** Creates the client's customer at the gateway (Stripe Customer); the module stores the ref. */
  createCustomer(customer: Omit<CheckoutCustomer, 'customerRef'>): Promise<string>
  /** Starts adding a card without paying (SetupIntent; the sandbox's hosted card page). */
  startCardSetup(request: {
    customerRef: string
    userId: number
    makeDefault: boolean
    returnUrls: { success: string; failure: string }
  }): Promise<{ setupRef: string; clientSecret: string | null; url: string | null }>
  /** Adding a card on the gateway's own page (Stripe Checkout in setup mode), as `createHostedCheckout`. */
  startHostedCardSetup?(
    request: Parameters<CardVault['startCardSetup']>[0],
  ): ReturnType<CardVault['startCardSetup']>
  /** Removes a saved method at the gateway (Stripe detach). */
  detachCard(methodRef: string): Promise<void>
}

export type CardGateway = PaymentGateway & CardVault
