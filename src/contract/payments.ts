import * as z from 'zod/mini'
import { pageNumber, paginated, recordId } from './common'

/**
 * Orders and card payments (spec 001 §3/§4/§7 Payments/§8, spec 002 §7.2/§8, ARCHITECTURE §3 and §5).
 *
 * Every purchase is one order: amounts travel as decimals with 2 decimals (USD), the database keeps
 * integer minor units. An order is paid only when its gateway's server notification says so.
 */

/** What an order buys. Wallet top-ups are created by the client; the other kinds by their modules. */
export const ORDER_KINDS = ['app_package', 'domain_registration', 'domain_renewal', 'wallet_topup'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/** pending → paid | failed | cancelled; failed → paid (a retry succeeded); paid → refunded. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** An order in one of these can still be paid (a declined card leaves the order open for a retry). */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'failed']

/** The spec's payment methods (spec 001 §3): the gateways. */
export const PAYMENT_GATEWAYS = ['stripe', 'paymob', 'fawry'] as const
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number]
/** What checkout offers: a gateway, or the wallet when its balance covers the total. */
export const CHECKOUT_METHODS = [...PAYMENT_GATEWAYS, 'wallet'] as const
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number]

/** Orders are priced in USD; Paymob and Fawry charge EGP at the server's rate (USD_TO_EGP_RATE). */
export const ORDER_CURRENCY = 'USD'
export const LOCAL_GATEWAY_CURRENCY = 'EGP'
/** Spec 001 §9 and 002 §9: "1 USD = 30 EGP" (the server's default; the order answer carries the rate used). */
export const DEFAULT_USD_TO_EGP_RATE = 30

/** Wallet top-up bounds, in USD. */
export const TOPUP_MIN = 1
export const TOPUP_MAX = 10_000
/** Client idempotency keys: a v4 UUID fits; 8 to 255 letters, digits, '-' and '_'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w-]{8,255}$/

export const ORDERS_PAGE_SIZE = 20

/** Spec texts (001 §8 Payment setup and card form, 002 §8 registration payment) and ours. */
export const paymentMessages = {
  setupFailed: (reason: string) => `Failed to setup payment: ${reason}`,
  noPackageSelected: 'No package selected',
  createAppFailed: 'Failed to create app',
  appIdMissing: 'Failed to get app ID from creation response',
  paymobIntentFailed: 'Failed to create Paymob payment intent',
  paymobUrlFailed: 'Failed to get Paymob payment URL',
  fawryIntentFailed: 'Failed to create Fawry payment intent',
  fawryUrlFailed: 'Failed to get Fawry payment URL',
  stripeIntentFailed: 'Failed to create Stripe payment intent',
  selectedMethodNotFound: 'Selected payment method not found',
  cardElementNotFound: 'Card element not found',
  intentRequired: 'Payment intent is required to complete the payment. Please try again.',
  stripeNotLoaded: 'Stripe has not loaded yet. Please try again.',
  paymentFailed: 'Payment failed',
  paymentFailedWith: (reason: string) => `Payment failed: ${reason}`,
  notReady: 'Payment not ready. Please wait for payment form to load.',
  invalidTotal: 'Invalid total price. Please select packages first.',
  // spec 002 §8
  paymentIntentFailed: 'Failed to get payment intent',
  initializeFailed: 'Failed to initialize payment',
  fawryInitializeFailed: 'Failed to initialize Fawry payment',
  paymobInitializeFailed: 'Failed to initialize Paymob payment',
  orderDataNotFound: 'Order data not found',
  paidButError: 'Payment successful but there was an error. Please contact support.',
  preparingForm: 'Preparing payment form...',
  formReady: 'Payment form ready!',
  paymentSuccessful: 'Payment successful!',
  paymentProcessing: 'Payment successful! Processing your order...',
  orderCreated: 'Order created successfully! Please proceed with payment.',
  createOrderFailed: 'Failed to create order',
  // ours
  amountMismatch: 'The amount does not match the order.',
  currencyMismatch: 'This payment method charges a different currency.',
  notPayable: 'This order can no longer be paid.',
  idempotencyConflict: 'This idempotency key was already used for a different order.',
  insufficientBalance: 'Your wallet balance does not cover this order.',
  walletTopupWithWallet: 'A wallet top-up cannot be paid from the wallet.',
  savedCardNotFound: 'Selected payment method not found',
  paymentsOffline: 'Payments need a connection. Please go online to pay.',
  sandboxUnavailable: 'Payments are not available on this server.',
  paidFromWallet: 'Paid from your wallet.',
  savedCardCharged: 'Payment successful!',
} as const

/**
 * Where the gateway page sends the browser back: the web result pages (default), or the desktop app's
 * `cypher://payment/success/{id}` deep link when checkout was opened from the desktop app.
 */
export const RETURN_TARGETS = ['web', 'desktop'] as const
export type ReturnTarget = (typeof RETURN_TARGETS)[number]
export const DESKTOP_SCHEME = 'cypher:'
const returnTo = z._default(z.enum(RETURN_TARGETS), 'web')

/** Money in JSON: a decimal with at most 2 decimals. */
function moneyAmount(min: number, max: number) {
  return z.number({ error: 'A valid number is required.' }).check(
    z.refine((v) => Number.isFinite(v) && Math.round(v * 100) === Number((v * 100).toFixed(6)), {
      error: 'Ensure that there are no more than 2 decimal places.',
    }),
    z.gte(min, `Ensure this value is greater than or equal to ${min}.`),
    z.lte(max, `Ensure this value is less than or equal to ${max}.`),
  )
}

export const idempotencyKeySchema = z
  .string({ error: 'This field is required.' })
  .check(z.regex(IDEMPOTENCY_KEY_PATTERN, 'Use 8 to 255 letters, digits, "-" or "_".'))

/**
 * `POST /api/payments/orders/` (ours): a wallet top-up. A repeated POST with the same
 * `idempotency_key` answers the same order (200 instead of 201); the same key with another amount is 409.
 * Orders of the other kinds are created by their own endpoints (domains, apps) on the server.
 */
export const orderCreateSchema = z.object({
  kind: z.literal('wallet_topup', { error: 'Only wallet top-ups can be ordered here.' }),
  amount: moneyAmount(TOPUP_MIN, TOPUP_MAX),
  idempotency_key: idempotencyKeySchema,
})
export type OrderCreate = z.input<typeof orderCreateSchema>

/** What the gateway charges: the order's USD amount, or EGP at `rate` for Paymob and Fawry. */
export const chargeSchema = z.object({
  amount: z.number(),
  currency: z.enum([ORDER_CURRENCY, LOCAL_GATEWAY_CURRENCY]),
  /** EGP per USD used for this charge; 1 for USD. */
  rate: z.number(),
})
export type Charge = z.infer<typeof chargeSchema>

/** An order as its owner sees it; `GET /api/payments/orders/{id}/` is what checkout pages poll. */
export const orderSchema = z.object({
  id: z.int(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  description: z.string(),
  amount: z.number(),
  currency: z.literal(ORDER_CURRENCY),
  /** Which gateway took (or is taking) the money; 'wallet' when paid from the wallet; null before checkout. */
  gateway: z.nullable(z.enum(CHECKOUT_METHODS)),
  /** The gateway's reference (payment intent, Paymob order, Fawry reference number); null before checkout. */
  gateway_reference: z.nullable(z.string()),
  /** The last charge started for this order (EGP for Paymob and Fawry); null before checkout. */
  charge: z.nullable(chargeSchema),
  /** Whether what was bought has been delivered (funds added, app activated, domain registered). */
  fulfilled: z.boolean(),
  /** Why the last payment attempt failed, as the gateway said it; null otherwise. */
  failure_reason: z.nullable(z.string()),
  idempotency_key: z.string(),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
})
export type Order = z.infer<typeof orderSchema>
export const orderListSchema = paginated(orderSchema)
export const orderListQuerySchema = z.object({
  page: pageNumber(),
  status: z.optional(z.enum(ORDER_STATUSES)),
  kind: z.optional(z.enum(ORDER_KINDS)),
})
export const orderIdParamSchema = z.object({ order_id: recordId() })

/**
 * `POST /api/payments/stripe/process/temp_order/` (spec 001 §7, 002 §7.2): amount in cents (price × 100,
 * rounded), currency usd. The order must exist (`order_id`): without it the answer is 400
 * 'Order data not found'. `order_type` and `email` are read by the registration screen's variant.
 */
export const stripeProcessRequestSchema = z.object({
  amount: z
    .int({ error: 'A valid integer is required.' })
    .check(z.gte(1, 'Ensure this value is greater than or equal to 1.')),
  currency: z._default(z.string(), 'usd'),
  save_payment_method: z._default(z.boolean(), false),
  use_saved_payment_method: z._default(z.boolean(), false),
  /** Our saved-card id (`savedPaymentMethodSchema.id`); its `stripe_payment_method_id` is also accepted. */
  saved_payment_method_id: z.optional(z.nullable(z.union([z.int(), z.string()]))),
  /** True only when a saved method is used: the payment is confirmed at once. */
  confirm_payment: z._default(z.boolean(), false),
  order_id: z.optional(z.nullable(recordId())),
  order_type: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  /** The registration screen's second save flag. */
  save_card: z.optional(z.nullable(z.boolean())),
  return_to: returnTo,
})

/**
 * Answer: `client_secret` and `payment_intent_id` to confirm in the card form; when a saved card is
 * confirmed at once, `success` and `message` too. `checkout_url` is the hosted sandbox page when Stripe
 * is not configured (`sandbox` true; the renderer sends the user there instead of Stripe Elements);
 * `publishable_key` is set with real Stripe.
 */
export const stripeProcessResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order_id: z.int(),
  client_secret: z.nullable(z.string()),
  payment_intent_id: z.string(),
  checkout_url: z.nullable(z.string()),
  publishable_key: z.nullable(z.string()),
  sandbox: z.boolean(),
  /** The order's status after this call ('paid' only once the notification arrived). */
  status: z.enum(ORDER_STATUSES),
})

/** `POST /api/payments/paymob/process/{order_id}/` and `/fawry/process/{order_id}/` body (spec 001 §7). */
export const localGatewayProcessRequestSchema = z.object({
  order_id: z.optional(recordId()),
  /** The EGP amount the client computed (USD × 30); the server charges its own conversion. */
  amount: z.optional(z.number()),
  currency: z._default(z.string(), LOCAL_GATEWAY_CURRENCY),
  /** Fawry's variant (spec 002 §7.1). */
  customer_mobile: z.optional(z.nullable(z.string())),
  customer_email: z.optional(z.nullable(z.string())),
  /** Paymob's variant (spec 002 §7.1: "a boolean false"). */
  is_aman: z.optional(z.boolean()),
  return_to: returnTo,
})

/** Paymob answer: success and iframe_url (spec 001 §7); payment_url carries the same (spec 002 §7.1). */
export const paymobProcessResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order_id: z.int(),
  iframe_url: z.string(),
  payment_url: z.string(),
  charge: chargeSchema,
  sandbox: z.boolean(),
})
export type PaymobProcessResponse = z.infer<typeof paymobProcessResponseSchema>

/** Fawry answer: success and redirect_url (spec 001 §7); payment_url carries the same (spec 002 §7.1). */
export const fawryProcessResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order_id: z.int(),
  redirect_url: z.string(),
  payment_url: z.string(),
  /** Fawry's reference number (payable at outlets too). */
  reference_number: z.string(),
  charge: chargeSchema,
  sandbox: z.boolean(),
})
export type FawryProcessResponse = z.infer<typeof fawryProcessResponseSchema>

/** Saved payment method (spec 001 §3, 002 §3), with is_active and created_at as the wallet reads them. */
export const savedPaymentMethodSchema = z.object({
  id: z.int(),
  stripe_payment_method_id: z.string(),
  card_brand: z.string(),
  card_last_four: z.string(),
  card_exp_month: z.int(),
  card_exp_year: z.int(),
  is_default: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
})
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>
/** `GET /api/payments/stripe/saved-payment-methods/` reads `results`. */
export const savedPaymentMethodListSchema = z.object({ results: z.array(savedPaymentMethodSchema) })
/** `DELETE /api/payments/stripe/saved-payment-methods/{id}/remove/` answers this. */
export const savedPaymentMethodRemovedSchema = z.object({ success: z.boolean(), message: z.string() })

/**
 * `POST /api/payments/stripe/saved-payment-methods/setup/` (ours; the spec's card add makes no call):
 * starts adding a card without paying (a SetupIntent, or the sandbox's hosted card page).
 */
export const cardSetupRequestSchema = z.object({
  is_default: z._default(z.boolean(), false),
  return_to: returnTo,
})
export const cardSetupResponseSchema = z.object({
  client_secret: z.nullable(z.string()),
  setup_intent_id: z.string(),
  checkout_url: z.nullable(z.string()),
  publishable_key: z.nullable(z.string()),
  sandbox: z.boolean(),
})

/** Spec 001 §8 wallet card texts. */
export const savedCardMessages = {
  removed: 'Card removed successfully!',
  removeFailed: 'Failed to remove card. Please try again.',
  added: 'Card added successfully!',
  addFailed: 'Failed to add card. Please try again.',
  fillCardDetails: 'Please fill in all card details.',
  // ours (issue 24)
  makeDefault: 'Make default',
  madeDefault: 'Default card updated.',
  makeDefaultFailed: 'Failed to update the default card. Please try again.',
} as const

/**
 * `GET /api/payments/config/` (ours): which gateways are real and which are the sandbox, so checkout
 * shows the Sandbox badge and loads Stripe.js only when Stripe is configured.
 */
export const paymentsConfigSchema = z.object({
  gateways: z.array(
    z.object({
      name: z.enum(PAYMENT_GATEWAYS),
      sandbox: z.boolean(),
      currency: z.enum([ORDER_CURRENCY, LOCAL_GATEWAY_CURRENCY]),
    }),
  ),
  stripe_publishable_key: z.nullable(z.string()),
  usd_to_egp_rate: z.number(),
})
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>

/** `POST /api/payments/orders/{order_id}/pay-with-wallet/` (ours) answers the paid order. */
export const walletPaymentResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order: orderSchema,
})

/** Paths both sides use. */
export const paymentPaths = {
  orders: '/api/payments/orders/',
  order: (id: number) => `/api/payments/orders/${id}/`,
  payWithWallet: (id: number) => `/api/payments/orders/${id}/pay-with-wallet/`,
  stripeProcess: '/api/payments/stripe/process/temp_order/',
  paymobProcess: (id: number) => `/api/payments/paymob/process/${id}/`,
  fawryProcess: (id: number) => `/api/payments/fawry/process/${id}/`,
  savedMethods: '/api/payments/stripe/saved-payment-methods/',
  removeSavedMethod: (id: number) => `/api/payments/stripe/saved-payment-methods/${id}/remove/`,
  /** `POST` (ours, issue 24): makes the card the default (automatic renewals charge it); answers the list. */
  makeDefaultSavedMethod: (id: number) => `/api/payments/stripe/saved-payment-methods/${id}/default/`,
  cardSetup: '/api/payments/stripe/saved-payment-methods/setup/',
  config: '/api/payments/config/',
  /** Where gateways (and the sandboxes) post their server notifications. */
  webhook: (gateway: PaymentGatewayName) => `/api/payments/${gateway}/webhook/`,
} as const

/** Where a gateway page returns the browser (spec 002 §2.10). */
export const paymentResultPaths = {
  success: (orderId: number) => `/payment/success/${orderId}`,
  failure: (orderId: number) => `/payment/fail/${orderId}`,
} as const
