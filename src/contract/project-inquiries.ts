import * as z from 'zod/mini'
import { isCalendarDate, isEmail, optionalText } from './common'
import { firstProblem, inquiryMessages, optionalChoice, type FormProblem } from './inquiries'

/** The /start-project brief: POST /api/public/project-inquiry/ (spec 000 §3, §5). */

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

export const PROJECT_INQUIRY_LIMITS = {
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

/** The multipart text fields of POST /api/public/project-inquiry/ (the file is read separately). */
export const projectInquiryFieldsSchema = z.object({
  project_name: optionalText(PROJECT_INQUIRY_LIMITS.project_name),
  contact_name: optionalText(PROJECT_INQUIRY_LIMITS.contact_name),
  contact_email: optionalText(PROJECT_INQUIRY_LIMITS.contact_email),
  contact_phone: optionalText(PROJECT_INQUIRY_LIMITS.contact_phone),
  company: optionalText(PROJECT_INQUIRY_LIMITS.company),
  description: optionalText(PROJECT_INQUIRY_LIMITS.description),
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
