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

/** The first problem of a public form: required fields empty, else the e-mail pattern. */
export function firstProblem<F extends string>(
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
export function optionalChoice<const T extends readonly [string, ...string[]]>(choices: T) {
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
