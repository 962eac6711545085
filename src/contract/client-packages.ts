import * as z from 'zod/mini'
import { PACKAGE_DURATIONS, SERVICE_TYPES } from './apps'

/**
 * A client's own messaging packages ('Msg Package Management', spec 001 §2 and §3 "Local messaging
 * package"), kept on the server for the client. Endpoints (ours; the spec's screen calls none):
 * GET/POST /api/client/messaging/my-packages/, PATCH/DELETE /api/client/messaging/my-packages/{id}/.
 */
export const clientPackageMessages = {
  title: 'Msg Package Management',
  empty: 'No Packages Found',
  required: 'Please fill in all required fields.',
  created: 'Package created successfully!',
  updated: 'Package updated successfully!',
  deleted: 'Package deleted successfully!',
  loadFailed: 'Failed to load packages. Please try again.',
} as const

export const PACKAGE_NAME_MAX = 100
export const PACKAGE_FEATURE_MAX = 200
export const PACKAGE_FEATURES_MAX = 20

export const clientPackageSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Dollars. */
  price: z.number(),
  duration: z.enum(PACKAGE_DURATIONS),
  messages: z.int(),
  features: z.array(z.string()),
  serviceType: z.enum(SERVICE_TYPES),
  active: z.boolean(),
})
export type ClientPackage = z.infer<typeof clientPackageSchema>
export const clientPackageListSchema = z.object({ packages: z.array(clientPackageSchema) })

/** What the form sends; the server applies the spec's rules (`checkClientPackage`). */
export const clientPackageInputSchema = z.object({
  name: z.optional(z.string()),
  price: z.optional(z.union([z.number(), z.string()])),
  duration: z.optional(z.string()),
  messages: z.optional(z.union([z.number(), z.string()])),
  features: z.optional(z.array(z.string())),
  serviceType: z.optional(z.string()),
  active: z.optional(z.boolean()),
})
export type ClientPackageInput = z.infer<typeof clientPackageInputSchema>

export type CheckedClientPackage = Omit<ClientPackage, 'id'>

/**
 * Spec 001 §5 "Package form": name required, price above 0, messages above 0, else 'Please fill in all
 * required fields.'; empty feature rows are dropped. Returns the package or the message.
 */
export function checkClientPackage(input: ClientPackageInput): CheckedClientPackage | string {
  const name = (input.name ?? '').trim()
  const price = Number(input.price)
  const messages = Number(input.messages)
  if (!name || !(price > 0) || !(messages > 0)) return clientPackageMessages.required
  if (name.length > PACKAGE_NAME_MAX) return `The name can have at most ${PACKAGE_NAME_MAX} characters.`
  if (!Number.isInteger(messages) || messages > 1_000_000_000) return 'Messages must be a whole number.'
  if (price > 1_000_000) return 'The price can be at most 1,000,000 dollars.'
  const duration = (PACKAGE_DURATIONS as readonly string[]).includes(input.duration ?? '')
    ? (input.duration as ClientPackage['duration'])
    : null
  if (!duration) return `Choose a duration: ${PACKAGE_DURATIONS.join(', ')}.`
  const serviceType = (SERVICE_TYPES as readonly string[]).includes(input.serviceType ?? '')
    ? (input.serviceType as ClientPackage['serviceType'])
    : null
  if (!serviceType) return 'Choose a service type: sms, whatsapp or email.'
  const features = (input.features ?? []).map((f) => f.trim()).filter(Boolean)
  if (features.length > PACKAGE_FEATURES_MAX)
    return `A package can list at most ${PACKAGE_FEATURES_MAX} features.`
  if (features.some((f) => f.length > PACKAGE_FEATURE_MAX))
    return `A feature can have at most ${PACKAGE_FEATURE_MAX} characters.`
  return {
    name,
    price: Math.round(price * 100) / 100,
    duration,
    messages,
    features,
    serviceType,
    active: input.active ?? true,
  }
}
