import * as z from 'zod/mini'
import { emailField, optionalQueryText, pageNumber, paginated, requiredText } from './common'

/** The staff console's clients (issue 15): each client company and the user who signs in for it. */
export const staffClientMessages = {
  invited: 'Invitation sent.',
  deactivated: 'The user was deactivated and signed out everywhere.',
  activated: 'The user can sign in again.',
  twoFactorReset: 'Two-factor sign-in was reset.',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Enter a valid email address.',
  notAClient: 'Only client accounts are managed here.',
} as const

export const staffClientRowSchema = z.object({
  id: z.int(),
  company_name: z.string(),
  user: z.object({
    id: z.int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_active: z.boolean(),
    two_factor: z.boolean(),
    last_login_at: z.nullable(z.string()),
  }),
  phone: z.string(),
  created_at: z.string(),
  projects_count: z.int(),
  apps_count: z.int(),
})
export type StaffClientRow = z.infer<typeof staffClientRowSchema>
export const staffClientListSchema = paginated(staffClientRowSchema)

export const staffClientDetailSchema = z.extend(staffClientRowSchema, {
  address: z.string(),
  projects: z.array(z.object({ id: z.int(), name: z.string(), status: z.string(), progress: z.int() })),
  apps: z.array(z.object({ id: z.int(), name: z.string(), status: z.string() })),
})
export type StaffClientDetail = z.infer<typeof staffClientDetailSchema>

export const STAFF_CLIENT_SORTS = ['company', 'newest', 'last_login'] as const
export const staffClientQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
  ),
  sort: z._default(z.optional(z.enum(STAFF_CLIENT_SORTS)), 'company'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffClientQuery = z.output<typeof staffClientQuerySchema>

export const inviteClientSchema = z.object({
  email: emailField(staffClientMessages.invalidEmail),
  first_name: requiredText(100),
  last_name: requiredText(100),
  company_name: requiredText(200),
})
export type InviteClientInput = z.output<typeof inviteClientSchema>

/** Resetting two-factor needs a reason, kept in the audit log. */
export const resetTwoFactorSchema = z.object({ reason: requiredText(500) })

/** A client company, for filters and the project form. */
export const clientOptionSchema = z.object({ id: z.int(), company_name: z.string(), email: z.string() })
export const clientOptionListSchema = z.object({ results: z.array(clientOptionSchema) })
export type ClientOption = z.infer<typeof clientOptionSchema>
