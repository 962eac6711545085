import { INQUIRY_TYPE_LABELS, type InquiryTypeLabel } from './inquiry-types'
import * as z from 'zod/mini'
import { isEmail, optionalText, REQUIRED } from './common'
import { messages } from './messages'

/** Texts of the three public forms (spec 000 §5, §8). */
export const inquiryMessages = {
  requiredFields: 'Please fill all required fields.',
  invalidEmail: messages.invalidEmail,
  contactSent: "Message sent successfully! We'll get back to you within 24 hours.",
  contactFailed: 'Failed to send message',
  contactFailedRetry: 'Failed to send message. Please try again later.',
  projectSubmitted: 'Project inquiry submitted successfully! Our team will contact you within 24 hours.',
  projectFailed: 'Failed to submit project inquiry',
  projectFailedRetry: 'Failed to submit project inquiry. Please try again later.',
  franchiseSubmitted:
    'Franchise application submitted successfully! Our team will contact you within 24 hours.',
  franchiseFailed: 'Failed to submit franchise application',
  franchiseFailedRetry: 'Failed to submit application. Please try again later.',
  requirementsTooLarge: 'File size must be less than 10MB',
  requirementsBadType: 'File type not supported. Please upload: .pdf, .doc, .docx, .txt',
  invalidChoice: 'Select a valid choice.',
} as const

/** A check that failed: the message for the toast and the fields to mark. */
export interface FormProblem<F extends string = string> {
  message: string
  fields: F[]
}

function firstProblem<F extends string>(
  values: Record<F, string>,
  required: readonly F[],
  emailField: F,
): FormProblem<F> | null {
  const empty = required.filter((f) => !values[f].trim())
  if (empty.length > 0) return { message: inquiryMessages.requiredFields, fields: empty }
  if (!isEmail(values[emailField].trim()))
    return { message: inquiryMessages.invalidEmail, fields: [emailField] }
  return null
}

/** `{detail, field: [...]}` for a problem, as the server answers it. */
export function problemFields(problem: FormProblem): Record<string, string[]> {
  return Object.fromEntries(
    problem.fields.map((f) => [
      f,
      [problem.message === inquiryMessages.invalidEmail ? problem.message : REQUIRED],
    ]),
  )
}

/** An optional choice: absent or '' means not given; anything else must be one of the values. */
function optionalChoice<const T extends readonly [string, ...string[]]>(choices: T) {
  return z._default(
    z.optional(z.union([z.literal(''), z.enum(choices)], { error: inquiryMessages.invalidChoice })),
    '',
  )
}

// ---------------------------------------------------------------------------------------------------
// Contact message

export { INQUIRY_TYPE_LABELS, type InquiryTypeLabel } from './inquiry-types'

/** 'Quote' → 'quote', 'Technical Support' → 'technical_support': lower case, first space to '_'. */
export function inquiryTypeValue(label: string): string {
  return label.trim().toLowerCase().replace(' ', '_')
}
export const INQUIRY_TYPES = INQUIRY_TYPE_LABELS.map(inquiryTypeValue)

/** 'quote' → 'Quote': the label a stored inquiry type came from. */
export function inquiryTypeLabel(value: string): string {
  const label = INQUIRY_TYPE_LABELS.find((l) => inquiryTypeValue(l) === inquiryTypeValue(value))
  return label ?? value.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase())
}

/** The subject sent when the visitor leaves it empty: the inquiry type plus ' Inquiry'. */
export function defaultSubject(subject: string, typeLabel: string): string {
  return subject.trim() || `${inquiryTypeLabel(typeLabel)} Inquiry`
}

export const CONTACT_LIMITS = { name: 150, email: 254, phone: 32, company: 200, subject: 200, message: 5000 }

export const contactRequestSchema = z.object({
  name: optionalText(CONTACT_LIMITS.name),
  email: optionalText(CONTACT_LIMITS.email),
  phone: optionalText(CONTACT_LIMITS.phone),
  company: optionalText(CONTACT_LIMITS.company),
  subject: optionalText(CONTACT_LIMITS.subject),
  message: optionalText(CONTACT_LIMITS.message),
  inquiry_type: optionalText(50),
})
export type ContactRequest = z.input<typeof contactRequestSchema>

export interface ContactValues {
  name: string
  email: string
  phone: string
  company: string
  subject: string
  message: string
  inquiryType: InquiryTypeLabel
}

export function checkContact(values: Pick<ContactValues, 'name' | 'email' | 'message'>) {
  return firstProblem(values, ['name', 'email', 'message'] as const, 'email')
}

export const submissionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  id: z.int(),
})
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>

// ---------------------------------------------------------------------------------------------------
// Project inquiry (the /start-project brief)

export const PROJECT_TYPES = ['web', 'mobile', 'ecommerce', 'erp', 'crm', 'custom'] as const
export type ProjectType = (typeof PROJECT_TYPES)[number]
export const projectTypeLabels = {
  web: 'Web Application',
  mobile: 'Mobile App',
  ecommerce: 'E-commerce Store',
  erp: 'ERP System',
  crm: 'CRM System',
  custom: 'Custom Software',
} satisfies Record<ProjectType, string>

export const BUDGET_RANGES = ['5k-10k', '10k-25k', '25k-50k', '50k+', 'discuss'] as const
export type BudgetRange = (typeof BUDGET_RANGES)[number]
export const budgetRangeLabels = {
  '5k-10k': '$5,000 - $10,000',
  '10k-25k': '$10,000 - $25,000',
  '25k-50k': '$25,000 - $50,000',
  '50k+': '$50,000+',
  discuss: "Let's discuss",
} satisfies Record<BudgetRange, string>

export const PROJECT_FEATURES = [
  'User Authentication',
  'Payment Integration',
  'Admin Dashboard',
  'Real-time Notifications',
  'API Integration',
  'Mobile Responsive',
  'Multi-language Support',
  'Analytics & Reporting',
  'Cloud Hosting',
  'Security Features',
] as const
export type ProjectFeature = (typeof PROJECT_FEATURES)[number]

export const REQUIREMENTS_FILE = {
  extensions: ['pdf', 'doc', 'docx', 'txt'] as const,
  maxBytes: 10 * 1024 * 1024,
}

export const PROJECT_LIMITS = {
  project_name: 200,
  contact_name: 150,
  contact_email: 254,
  contact_phone: 32,
  company: 200,
  description: 10_000,
}

export interface ProjectInquiryValues {
  project_name: string
  project_type: ProjectType | ''
  budget_range: BudgetRange | ''
  preferred_deadline: string
  description: string
  features: ProjectFeature[]
  contact_name: string
  contact_email: string
  contact_phone: string
  company: string
}

export const WIZARD_STEPS = ['Project Basics', 'Requirements', 'Contact & Submit'] as const

/** The required fields each wizard step asks for; the last step also checks the e-mail pattern. */
const STEP_REQUIRED: Record<1 | 2 | 3, (keyof ProjectInquiryValues)[]> = {
  1: ['project_name'],
  2: ['description'],
  3: ['contact_name', 'contact_email'],
}

/** What stops the wizard from leaving `step` (Next Step on 1-2, Submit Project on 3). */
export function checkProjectStep(
  step: 1 | 2 | 3,
  values: ProjectInquiryValues,
): FormProblem<keyof ProjectInquiryValues> | null {
  const empty = STEP_REQUIRED[step].filter((f) => {
    const value = values[f]
    return typeof value === 'string' && !value.trim()
  })
  if (empty.length > 0) return { message: inquiryMessages.requiredFields, fields: empty }
  if (step === 3 && !isEmail(values.contact_email.trim()))
    return { message: inquiryMessages.invalidEmail, fields: ['contact_email'] }
  return null
}

/** The server's check of the four required fields and the e-mail pattern (spec 000 §5). */
export function checkProjectInquiry(values: {
  project_name: string
  contact_name: string
  contact_email: string
  description: string
}) {
  return firstProblem(
    values,
    ['project_name', 'contact_name', 'contact_email', 'description'] as const,
    'contact_email',
  )
}

/** A calendar date as the date input sends it: YYYY-MM-DD, and a real day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The multipart text fields of POST /api/public/project-inquiry/ (the file is read separately). */
export const projectInquiryFieldsSchema = z.object({
  project_name: optionalText(PROJECT_LIMITS.project_name),
  contact_name: optionalText(PROJECT_LIMITS.contact_name),
  contact_email: optionalText(PROJECT_LIMITS.contact_email),
  contact_phone: optionalText(PROJECT_LIMITS.contact_phone),
  company: optionalText(PROJECT_LIMITS.company),
  description: optionalText(PROJECT_LIMITS.description),
  project_type: optionalChoice(PROJECT_TYPES),
  budget_range: optionalChoice(BUDGET_RANGES),
  preferred_deadline: z._default(
    z.optional(
      z.union([
        z.literal(''),
        z.string().check(z.refine(isCalendarDate, 'Enter a valid date (YYYY-MM-DD).')),
      ]),
    ),
    '',
  ),
  /** JSON text of a list of PROJECT_FEATURES. */
  features: optionalText(2000),
})

/** Reads the features field: JSON text of a list of the spec's choices; duplicates are dropped. */
export function parseFeatures(
  text: string,
): { ok: true; features: ProjectFeature[] } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, features: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: false, error: 'Expected a JSON list of features.' }
  }
  if (!Array.isArray(parsed)) return { ok: false, error: 'Expected a JSON list of features.' }
  const features: ProjectFeature[] = []
  for (const item of parsed) {
    const known = PROJECT_FEATURES.find((f) => f === item)
    if (!known) return { ok: false, error: `"${String(item)}" is not a valid choice.` }
    if (!features.includes(known)) features.push(known)
  }
  return { ok: true, features }
}

// ---------------------------------------------------------------------------------------------------
// Franchise application

export const BUSINESS_EXPERIENCE = ['none', '1-3', '3-5', '5-10', 'over-10'] as const
export const INVESTMENT_CAPACITY = ['under-50k', '50k-100k', '100k-250k', '250k-500k', 'over-500k'] as const
export const FRANCHISE_TIMELINES = ['immediate', '3-months', '6-months', '1-year', 'exploring'] as const

/** How the franchise form shows each stored choice. */
export const franchiseChoiceLabels = {
  business_experience: {
    none: 'No prior business experience',
    '1-3': '1-3 years',
    '3-5': '3-5 years',
    '5-10': '5-10 years',
    'over-10': 'Over 10 years',
  } satisfies Record<(typeof BUSINESS_EXPERIENCE)[number], string>,
  investment_capacity: {
    'under-50k': 'Under $50,000',
    '50k-100k': '$50,000 - $100,000',
    '100k-250k': '$100,000 - $250,000',
    '250k-500k': '$250,000 - $500,000',
    'over-500k': 'Over $500,000',
  } satisfies Record<(typeof INVESTMENT_CAPACITY)[number], string>,
  timeline: {
    immediate: 'Immediately',
    '3-months': 'Within 3 months',
    '6-months': 'Within 6 months',
    '1-year': 'Within a year',
    exploring: 'Just exploring',
  } satisfies Record<(typeof FRANCHISE_TIMELINES)[number], string>,
}

export const FRANCHISE_LIMITS = {
  full_name: 150,
  email: 254,
  phone: 32,
  country: 100,
  city: 100,
  current_business: 500,
  why_franchise: 5000,
  additional_info: 5000,
}

export const franchiseApplicationRequestSchema = z.object({
  full_name: optionalText(FRANCHISE_LIMITS.full_name),
  email: optionalText(FRANCHISE_LIMITS.email),
  phone: optionalText(FRANCHISE_LIMITS.phone),
  country: optionalText(FRANCHISE_LIMITS.country),
  city: optionalText(FRANCHISE_LIMITS.city),
  business_experience: optionalChoice(BUSINESS_EXPERIENCE),
  investment_capacity: optionalChoice(INVESTMENT_CAPACITY),
  current_business: optionalText(FRANCHISE_LIMITS.current_business),
  why_franchise: optionalText(FRANCHISE_LIMITS.why_franchise),
  timeline: optionalChoice(FRANCHISE_TIMELINES),
  additional_info: optionalText(FRANCHISE_LIMITS.additional_info),
})
export type FranchiseApplicationRequest = z.input<typeof franchiseApplicationRequestSchema>
export type FranchiseApplicationValues = Record<keyof FranchiseApplicationRequest, string>

export function checkFranchiseApplication(
  values: Pick<FranchiseApplicationValues, 'full_name' | 'email' | 'phone' | 'country'>,
) {
  return firstProblem(values, ['full_name', 'email', 'phone', 'country'] as const, 'email')
}

export const franchiseApplicationSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.nullable(z.string()),
  business_experience: z.nullable(z.string()),
  investment_capacity: z.nullable(z.string()),
  current_business: z.nullable(z.string()),
  why_franchise: z.nullable(z.string()),
  timeline: z.nullable(z.string()),
  additional_info: z.nullable(z.string()),
  status: z.string(),
  created_at: z.string(),
})
export type FranchiseApplication = z.infer<typeof franchiseApplicationSchema>

export const franchiseApplicationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  application: franchiseApplicationSchema,
})

// ---------------------------------------------------------------------------------------------------
// Offices (GET /api/public/offices/, ours: the contact page's office block)

export const officeSchema = z.object({
  id: z.int(),
  title: z.string(),
  address: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
})
export type Office = z.infer<typeof officeSchema>

/** Drops empty optional fields: the forms send only what the visitor filled in (spec 000 §3). */
export function withoutEmpty(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v.trim() !== ''))
}
