import * as z from 'zod/mini'
import { paginated, recordId } from './common'

/** Messaging apps (spec 001 §3 "App"): a client's SMS, e-mail or WhatsApp sender, used with an API key. */
/** Spec 001 §3 plus ours: pending (waiting for its payment) and cancelled (its payment was given up). */
export const APP_STATUSES = [
  'active',
  'inactive',
  'suspended',
  'maintenance',
  'pending',
  'cancelled',
] as const

export const SERVICE_TYPES = ['sms', 'email', 'whatsapp'] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'undelivered'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/** Spec 001 §9: the package durations. */
export const PACKAGE_DURATIONS = ['1 Month', '3 Months', '6 Months', '1 Year'] as const
export type PackageDuration = (typeof PACKAGE_DURATIONS)[number]

/** Spec 001 §9. */
export const APP_NAME_MAX = 100
export const API_KEY_VISIBLE = 8
/** A rotated key keeps working this long, so the client's systems can switch over. */
export const KEY_OVERLAP_HOURS = 24
/** Usage alerts are e-mailed when a subscription passes these shares of its limit. */
export const USAGE_ALERT_PERCENTS = [80, 100] as const
export const ANALYTICS_DAYS = 30

/** Texts of spec 001 §2, §8 and §9 for the apps (the dashboard's My Apps tab and the app details). */
export const appMessages = {
  detailsFailed: 'Failed to fetch app details',
  tokenMissing: 'Authentication token not found',
  appsFailed: 'Failed to load apps. Please try again.',
  errorLoadingApps: 'Error Loading Apps',
  noApps: 'No apps yet',
  noMatchingApps: 'No matching apps found',
  apiKeyCopied: 'API key copied to clipboard!',
  apiKeyMissing: 'Not available',
  companyFallback: 'N/A',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} apps`,
  refreshed: 'Data refreshed successfully!',
  notFoundTitle: 'App Not Found',
  notFound: 'The requested app could not be found.',
  noRecentMessages: 'No Recent Messages',
  keyRotated: 'A new API key was issued. The previous key keeps working for 24 hours.',
  appDeleted: 'The app was deleted. Its API keys no longer work.',
  deleteConfirmMismatch: 'Type the app name exactly to confirm.',
} as const

/** Spec 001 §5 and §8: the wizard's texts. */
export const wizardMessages = {
  appNameRequired: 'Please enter an app name.',
  serviceRequired: 'Please select a service type.',
  packagesMissing: (services: string[]) => `Please select packages for: ${services.join(', ')}`,
  packageRequired: 'Please select a package.',
  incomplete: 'Please complete all steps before submitting.',
  invalidTotal: 'Invalid total price. Please select packages first.',
  packagesFailed: (service: string) => `Failed to load ${service} packages. Please try again.`,
  setupFailed: (reason: string) => `Failed to setup payment: ${reason}`,
  paymentFailed: (reason: string) => `Payment failed: ${reason}`,
  createFailed: 'Failed to create app',
  appIdMissing: 'Failed to get app ID from creation response',
  created: 'App created successfully!',
  createdPending: 'Your app was created. Complete the payment in the gateway page to activate it.',
  // ours: the pending payment the dashboard watches (spec 001 §4)
  paymentAwaited: (name: string) =>
    `Waiting for the payment of "${name}". The app becomes active as soon as the payment provider confirms it.`,
  appActivated: (name: string) => `Payment confirmed: "${name}" is now active.`,
} as const

/** Spec 001 §9: the dashboard follows a card payment after 2 s, a Paymob/Fawry app creation after about 5 s. */
export const CARD_SUCCESS_REDIRECT_MS = 2000
export const GATEWAY_REDIRECT_MS = 5000

const timestamp = z.string()

export const subscriptionSchema = z.object({
  id: z.int(),
  package_type: z.string(),
  package_name: z.string(),
  messages_used: z.int(),
  messages_limit: z.int(),
  /** Used as a percentage of the limit, one decimal. */
  usage_percentage: z.number(),
  start_date: timestamp,
  end_date: z.nullable(timestamp),
})
export type Subscription = z.infer<typeof subscriptionSchema>

/** One app as GET /api/client/apps/ lists it. */
export const appSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  created_at: timestamp,
  api_key: z.nullable(z.string()),
  client: z.object({ company_name: z.string() }),
  subscriptions: z.array(subscriptionSchema),
})
export type App = z.infer<typeof appSchema>
export const appListSchema = paginated(appSchema)

export const recentMessageSchema = z.object({
  id: z.int(),
  type: z.string(),
  sent_to: z.string(),
  subject: z.nullable(z.string()),
  status: z.string(),
  /** What it cost of the package (SMS parts as carriers count them). */
  segments: z.int(),
  /** Sent with the test key (nothing sent at a provider, nothing spent). */
  test: z.boolean(),
  created_at: timestamp,
})

/** Messages of one day, per channel (the analytics tab's chart), and the segments they cost. */
export const dailyMessagesSchema = z.object({
  date: z.string(),
  sms: z.int(),
  email: z.int(),
  whatsapp: z.int(),
  segments: z.int(),
})
export type DailyMessages = z.infer<typeof dailyMessagesSchema>

/** GET /api/client/apps/{id}/ (spec 001 §3 "App details response"); the full key goes to the owner only here. */
export const appDetailsSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  api_key: z.nullable(z.string()),
  /** The test key (`cyk_test_…`): same answers, nothing sent or spent; used by the quick start. */
  test_api_key: z.nullable(z.string()),
  /** Where status changes are POSTed; null when none is set. */
  callback_url: z.nullable(z.string()),
  created_at: timestamp,
  client: z.object({ company_name: z.string() }),
  statistics: z.object({
    total_messages: z.int(),
    active_subscriptions: z.int(),
    delivered: z.int(),
    failed: z.int(),
    pending: z.int(),
    /** Segments the live messages cost (the package counts these). */
    segments: z.int(),
    /** Delivered share of the finished messages in percent (one decimal); null before any finished. */
    delivery_rate: z.nullable(z.number()),
    /** Mean seconds from acceptance to the provider's acceptance; null before any was sent. */
    average_response_seconds: z.nullable(z.number()),
    /** Share of delivery attempts the provider answered, in percent; null before any attempt. */
    uptime: z.nullable(z.number()),
    /** This calendar month and the previous one (UTC), for trends. */
    messages_this_month: z.int(),
    messages_last_month: z.int(),
  }),
  /** The last 30 days, oldest first, one entry per day (UTC). */
  daily_messages: z.array(dailyMessagesSchema),
  subscriptions: z.array(subscriptionSchema),
  recent_messages: z.array(recentMessageSchema),
  /** A pending app's unpaid order: paid with the shared checkout ('Complete payment') or cancelled. */
  pending_order_id: z.nullable(z.int()),
})
export type AppDetails = z.infer<typeof appDetailsSchema>

/** Used as a percentage of the limit, one decimal; 0 for a package without a limit. */
export function usagePercentage(used: number, limit: number): number {
  if (limit <= 0) return 0
  return Math.round((used / limit) * 1000) / 10
}

/** Spec 001 §3 "Package": the company's catalogue, answered as `{packages}`. */
export const packageSchema = z.object({
  id: z.int(),
  name: z.string(),
  service_type: z.enum(SERVICE_TYPES),
  /** USD. */
  price: z.number(),
  duration_months: z.int(),
  /** Messages included. */
  limit: z.int(),
  sms_scope: z.nullable(z.string()),
})
export type Package = z.infer<typeof packageSchema>
export const packageListSchema = z.object({ packages: z.array(packageSchema) })
export const packageQuerySchema = z.object({ service_type: z.optional(z.enum(SERVICE_TYPES)) })
export const packageTypeParamSchema = z.object({ type: z.enum(SERVICE_TYPES) })

/**
 * POST /api/client/create-app/ (spec 001 §3 "App creation payload"). Both readings are accepted:
 * `service_type` as one type, a list or comma-separated text; packages as `package_id` (one service) or
 * `selected_packages` (service type → package or package id). The server checks them (see the service).
 */
export const createAppSchema = z.looseObject({
  app_name: z.optional(z.unknown()),
  service_type: z.optional(z.unknown()),
  package_id: z.optional(z.unknown()),
  selected_packages: z.optional(z.unknown()),
  payment_method: z.optional(z.unknown()),
  status: z.optional(z.unknown()),
  payment_intent_id: z.optional(z.unknown()),
  payment_method_id: z.optional(z.unknown()),
  payment_method_saved: z.optional(z.unknown()),
  stripe_customer_id: z.optional(z.unknown()),
})
export const PAYMENT_METHODS = ['stripe', 'paymob', 'fawry'] as const
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number]

export const createAppResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  id: z.int(),
  app: z.object({ id: z.int(), name: z.string(), status: z.string() }),
  /** The order that pays for the packages (its checkout opens next); null when nothing is due. */
  order_id: z.nullable(z.int()),
  total: z.number(),
})
export type CreateAppResponse = z.infer<typeof createAppResponseSchema>

export const rotateKeyResponseSchema = z.object({
  api_key: z.string(),
  previous_key_expires_at: z.nullable(timestamp),
})

export const deleteAppSchema = z.object({ confirm_name: z.string() })

/** A package's id as the wizard sends it: the id itself or the package object. */
export const packageRefSchema = z.union([recordId(), z.looseObject({ id: recordId() })])

/** POST /api/client/apps/{id}/cancel-payment/: the pending app's order is cancelled and the app with it. */
export const cancelAppPaymentResponseSchema = z.object({ success: z.boolean(), message: z.string() })

/** Completing or cancelling a pending app's payment (issue 12; the spec has no such screen). */
export const pendingAppMessages = {
  completePayment: 'Complete payment',
  cancelPayment: 'Cancel payment',
  cancelConfirmTitle: 'Cancel this payment?',
  cancelConfirm: (name: string) =>
    `The order for "${name}" will be cancelled and the app will not be created. You can create it again at any time.`,
  keepPayment: 'Keep it',
  cancelled: 'Payment cancelled. The app was not created.',
  cancelFailed: 'Failed to cancel the payment. Please try again.',
  notPending: 'This app is not waiting for a payment.',
  alreadyPaid: 'This payment has already been made and can no longer be cancelled.',
  payTitle: (name: string) => `Complete payment for ${name}`,
  payLead: 'Your app is created and waits for this payment. Pay for the same order with any method below.',
  waiting: 'Waiting for the payment: the app starts sending once its payment is confirmed.',
} as const
