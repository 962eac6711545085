import * as z from 'zod/mini'
import { paginated } from './common'

/** Messaging apps (spec 001 §3 "App"): a client's SMS, e-mail or WhatsApp sender, used with an API key. */
export const APP_STATUSES = ['active', 'inactive', 'suspended', 'maintenance'] as const
export type AppStatus = (typeof APP_STATUSES)[number]

export const SERVICE_TYPES = ['sms', 'email', 'whatsapp'] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const

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
} as const

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
export type AppList = z.infer<typeof appListSchema>

export const recentMessageSchema = z.object({
  id: z.int(),
  type: z.string(),
  sent_to: z.string(),
  subject: z.nullable(z.string()),
  created_at: timestamp,
})

/** GET /api/client/apps/{id}/ (spec 001 §3 "App details response"). */
export const appDetailsSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  api_key: z.nullable(z.string()),
  created_at: timestamp,
  client: z.object({ company_name: z.string() }),
  statistics: z.object({ total_messages: z.int(), active_subscriptions: z.int() }),
  subscriptions: z.array(subscriptionSchema),
  recent_messages: z.array(recentMessageSchema),
})
export type AppDetails = z.infer<typeof appDetailsSchema>

/** Used as a percentage of the limit, one decimal; 0 for a package without a limit. */
export function usagePercentage(used: number, limit: number): number {
  if (limit <= 0) return 0
  return Math.round((used / limit) * 1000) / 10
}
