import * as z from 'zod/mini'
import { isEmail, optionalText, paginated, REQUIRED, tooLong } from './common'
import { isCalendarDate } from './common'

/** Texts of spec 002 §2.7, §2.8, §5 and §8 for certificates, and ours where the spec has none. */
export const certificateMessages = {
  serialRequired: 'Please enter a certificate serial number.',
  notFound: 'Certificate not found',
  notFoundToast: 'Certificate not found. Please check the serial number.',
  notFoundTitle: 'Certificate Not Found',
  found: 'Certificate found and verified!',
  requiredFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address.',
  createFailed: 'Failed to create certificate',
  created: (serial: string) => `Certificate created successfully! Serial: ${serial}`,
  pdfStarted: 'Certificate PDF generation started!',
  pdfFailed: 'Failed to generate PDF',
  pdfFailedRetry: 'Failed to generate PDF. Please try again.',
  elementNotFound: 'Certificate element not found',
  popupBlocked: 'Failed to open print window. Please allow popups.',
  imageFailed: 'Failed to download image. Please try again.',
  // Ours: the spec shows no role rule, the architecture makes creation staff-only.
  staffOnly: 'Only staff members can create certificates.',
  expiryBeforeIssue: 'The expiry date must be after the issue date.',
  invalidDate: 'Enter a valid date (YYYY-MM-DD).',
  invalidCredits: 'Credits must be a number of hours between 0 and 10000.',
  tooManySkills: 'List at most 20 skills.',
  reasonRequired: 'Please give a reason for the revocation.',
  alreadyRevoked: 'This certificate is already revoked.',
  revoked: (serial: string) => `Certificate ${serial} revoked.`,
  revokeFailed: 'Failed to revoke certificate',
} as const

export const CERTIFICATE_TYPES = ['training', 'completion', 'achievement', 'professional'] as const
export type CertificateType = (typeof CERTIFICATE_TYPES)[number]

export const certificateTypeLabels: Record<CertificateType, string> = {
  training: 'Training',
  completion: 'Completion',
  achievement: 'Achievement',
  professional: 'Professional',
}

/** The TYPE part of a serial: four letters per type, as wide as the spec's hint. */
export const CERTIFICATE_TYPE_CODES: Record<CertificateType, string> = {
  training: 'TRNG',
  completion: 'COMP',
  achievement: 'ACHV',
  professional: 'PROF',
}

export const VERIFICATION_STATUSES = ['valid', 'expired', 'revoked', 'pending'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/** Letters and digits that cannot be misread for each other: no 0/O, 1/I/L. */
export const SERIAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const SERIAL_RANDOM_LENGTH = 6
export const SERIAL_FORMAT_HINT = 'CYP-YYYY-TYPE-XXXXXX'
export const SERIAL_PATTERN = new RegExp(
  `^CYP-\\d{4}-(${Object.values(CERTIFICATE_TYPE_CODES).join('|')})-[${SERIAL_ALPHABET}]{${SERIAL_RANDOM_LENGTH}}$`,
)

/** Serials are compared in upper case, whatever the visitor typed (spec §2.7). */
export function normaliseSerial(serial: string): string {
  return serial.trim().toUpperCase()
}

/** Spec §9: the face shows the description up to 100 characters and 1 to 6 skills; exports at scale 3. */
export const CERTIFICATE_FACE = {
  descriptionLimit: 100,
  skillsLimit: 6,
  imageScale: 3,
  /** The face is drawn at A4 landscape proportions (297 × 210 mm). */
  width: 1123,
  height: 794,
} as const

export const CERTIFICATE_LIMITS = {
  recipient_name: 150,
  recipient_email: 254,
  course_name: 200,
  course_description: 2000,
  grade: 50,
  skill: 60,
  skills: 20,
  credits: 10000,
  issuer_name: 150,
  issuer_title: 150,
  organization_name: 150,
  url: 500,
  reason: 500,
} as const

/** Spec §2.8: the preview's placeholder issuer, also the issuer of a certificate created without one. */
export const DEFAULT_ISSUER = { name: 'Cypher Certification Authority', title: 'Chief Executive Officer' }

/** A real calendar day between 1900 and 2999 (PostgreSQL refuses year 0, and no course is older). */
function isCertificateDate(value: string): boolean {
  return isCalendarDate(value) && value >= '1900-01-01' && value <= '2999-12-31'
}

/** A date field: YYYY-MM-DD, or a full ISO timestamp whose date part is kept (spec: "ISO"). */
const dateText = z.pipe(
  z.string().check(z.trim(), z.maxLength(40, tooLong(40))),
  z.transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v)),
)

const skillsInput = z.union([
  z.array(z.string().check(z.maxLength(CERTIFICATE_LIMITS.skill, tooLong(CERTIFICATE_LIMITS.skill)))),
  z.string().check(z.maxLength(2000, tooLong(2000))),
])

/** "React, Node.js, , SQL" or a list → ['React', 'Node.js', 'SQL'] (spec §3: comma-separated input). */
export function skillList(input: string | readonly string[] | undefined): string[] {
  const parts = typeof input === 'string' ? input.split(',') : (input ?? [])
  return parts.map((s) => s.trim()).filter(Boolean)
}

const issuerSchema = z.object({
  name: optionalText(CERTIFICATE_LIMITS.issuer_name),
  title: optionalText(CERTIFICATE_LIMITS.issuer_title),
})

const organizationSchema = z.object({
  name: optionalText(CERTIFICATE_LIMITS.organization_name),
  logo_url: z.optional(z.nullable(z.string().check(z.maxLength(CERTIFICATE_LIMITS.url)))),
  website: z.optional(z.nullable(z.string().check(z.maxLength(CERTIFICATE_LIMITS.url)))),
})

/**
 * POST /api/certificates/ (spec §3). Required fields are checked by `checkCertificate` so the answer
 * carries the spec's message; verification_status, is_valid and is_verified are accepted and ignored:
 * the server decides them.
 */
export const certificateCreateSchema = z.object({
  recipient_name: optionalText(CERTIFICATE_LIMITS.recipient_name),
  recipient_email: optionalText(CERTIFICATE_LIMITS.recipient_email),
  course_name: optionalText(CERTIFICATE_LIMITS.course_name),
  course_description: optionalText(CERTIFICATE_LIMITS.course_description),
  completion_date: z._default(z.optional(dateText), ''),
  issue_date: z._default(z.optional(dateText), ''),
  expiry_date: z.optional(z.nullable(dateText)),
  certificate_type: z._default(z.optional(z.enum(CERTIFICATE_TYPES)), 'training'),
  grade: optionalText(CERTIFICATE_LIMITS.grade),
  credits: z.optional(z.nullable(z.union([z.number(), z.string().check(z.maxLength(20))]))),
  skills: z.optional(skillsInput),
  metadata: z.optional(
    z.object({
      duration_hours: z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(100000)))),
      instructor: z.optional(z.nullable(z.string().check(z.maxLength(150)))),
      location: z.optional(z.nullable(z.string().check(z.maxLength(150)))),
    }),
  ),
  verification_status: z.optional(z.string().check(z.maxLength(20))),
  is_valid: z.optional(z.boolean()),
  is_verified: z.optional(z.boolean()),
  issuer: z.optional(issuerSchema),
  organization: z.optional(organizationSchema),
})
export type CertificateCreateRequest = z.input<typeof certificateCreateSchema>

export interface CertificateProblem {
  message: string
  fields: string[]
}

/** "12", 12, "" → 12, 12, null; anything else undefined (invalid). */
export function parseCredits(value: number | string | null | undefined): number | null | undefined {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(value.trim())
  if (!Number.isFinite(n) || n < 0 || n > CERTIFICATE_LIMITS.credits) return undefined
  return Math.round(n * 100) / 100
}

/** Spec §5 in its order: the required fields, then the e-mail, then our date, credits and skills rules. */
export function checkCertificate(values: {
  recipient_name: string
  recipient_email: string
  course_name: string
  completion_date: string
  issue_date: string
  expiry_date?: string | null | undefined
  credits?: number | string | null | undefined
  skills?: string | readonly string[] | undefined
}): CertificateProblem | null {
  const required = [
    'recipient_name',
    'recipient_email',
    'course_name',
    'completion_date',
    'issue_date',
  ] as const
  const empty = required.filter((f) => !values[f].trim())
  if (empty.length > 0) return { message: certificateMessages.requiredFields, fields: [...empty] }
  if (!isEmail(values.recipient_email.trim())) {
    return { message: certificateMessages.invalidEmail, fields: ['recipient_email'] }
  }
  const dates = (['completion_date', 'issue_date', 'expiry_date'] as const).filter((f) => {
    const value = values[f]
    return value ? !isCertificateDate(value) : false
  })
  if (dates.length > 0) return { message: certificateMessages.invalidDate, fields: [...dates] }
  if (values.expiry_date && values.expiry_date <= values.issue_date) {
    return { message: certificateMessages.expiryBeforeIssue, fields: ['expiry_date'] }
  }
  if (parseCredits(values.credits) === undefined) {
    return { message: certificateMessages.invalidCredits, fields: ['credits'] }
  }
  if (skillList(values.skills).length > CERTIFICATE_LIMITS.skills) {
    return { message: certificateMessages.tooManySkills, fields: ['skills'] }
  }
  return null
}

/** `{field: [...]}` for a problem, as the server answers it next to `detail`. */
export function certificateProblemFields(problem: CertificateProblem): Record<string, string[]> {
  const text = problem.message === certificateMessages.requiredFields ? REQUIRED : problem.message
  return Object.fromEntries(problem.fields.map((f) => [f, [text]]))
}

export const verifyRequestSchema = z.object({
  serial_number: z.string().check(z.maxLength(100, tooLong(100))),
})

/** A blank reason is refused by the service, so the answer carries our message as `detail`. */
export const revokeRequestSchema = z.object({ reason: optionalText(CERTIFICATE_LIMITS.reason) })

export const serialParamSchema = z.object({ serial: z.string().check(z.maxLength(100)) })

/** The server's Ed25519 signature over the certificate's signed fields, and whether it checks out now. */
export const certificateSignatureSchema = z.object({
  algorithm: z.literal('Ed25519'),
  key_id: z.string(),
  value: z.string(),
  verified: z.boolean(),
})

/** Spec §3 "as verified", plus revocation, the signature and the address the QR code carries. */
export const certificateSchema = z.object({
  serial_number: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  course_name: z.string(),
  course_description: z.string(),
  certificate_type: z.enum(CERTIFICATE_TYPES),
  grade: z.string(),
  credits: z.nullable(z.number()),
  skills: z._default(z.array(z.string()), []),
  completion_date: z.string(),
  issue_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_status: z.enum(VERIFICATION_STATUSES),
  is_valid: z.boolean(),
  metadata: z._default(
    z.object({
      duration_hours: z.optional(z.nullable(z.number())),
      instructor: z.optional(z.nullable(z.string())),
      location: z.optional(z.nullable(z.string())),
    }),
    {},
  ),
  issuer: z.object({ name: z.string(), title: z.string() }),
  organization: z.object({
    name: z.string(),
    logo_url: z.nullable(z.string()),
    website: z.nullable(z.string()),
  }),
  revoked_at: z.nullable(z.string()),
  revocation_reason: z.nullable(z.string()),
  created_at: z.string(),
  signature: certificateSignatureSchema,
  verification_url: z.string(),
})
export type Certificate = z.infer<typeof certificateSchema>

export const certificateListSchema = paginated(certificateSchema)

export const signingKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  key_id: z.string(),
  /** The public key as SubjectPublicKeyInfo PEM. */
  public_key_pem: z.string(),
  /** What is signed: this prefix, a newline, then the JSON of the signed fields in this order. */
  signed_prefix: z.string(),
  signed_fields: z.array(z.string()),
})
export type SigningKey = z.infer<typeof signingKeySchema>

/** The fields the signature covers, in the order they are serialised. Revocation is not signed. */
export const SIGNED_FIELDS = [
  'serial_number',
  'recipient_name',
  'recipient_email',
  'course_name',
  'course_description',
  'certificate_type',
  'grade',
  'credits',
  'skills',
  'completion_date',
  'issue_date',
  'expiry_date',
  'metadata',
  'issuer',
  'organization',
] as const
export const SIGNED_PREFIX = 'cypher-certificate-v1'

export type SignedCertificateFields = Pick<Certificate, (typeof SIGNED_FIELDS)[number]>

/**
 * The exact text the server signs: SIGNED_PREFIX, a newline, then the JSON of the signed fields in the
 * order of SIGNED_FIELDS (metadata, issuer and organization with their keys in a fixed order too).
 * Anyone with the public key can rebuild it from a verification answer that carries the full e-mail.
 */
export function signedDocument(c: SignedCertificateFields): string {
  const ordered = {
    serial_number: c.serial_number,
    recipient_name: c.recipient_name,
    recipient_email: c.recipient_email,
    course_name: c.course_name,
    course_description: c.course_description,
    certificate_type: c.certificate_type,
    grade: c.grade,
    credits: c.credits,
    skills: c.skills,
    completion_date: c.completion_date,
    issue_date: c.issue_date,
    expiry_date: c.expiry_date,
    metadata: {
      duration_hours: c.metadata.duration_hours ?? null,
      instructor: c.metadata.instructor ?? null,
      location: c.metadata.location ?? null,
    },
    issuer: { name: c.issuer.name, title: c.issuer.title },
    organization: {
      name: c.organization.name,
      logo_url: c.organization.logo_url,
      website: c.organization.website,
    },
  } satisfies Record<(typeof SIGNED_FIELDS)[number], unknown>
  return `${SIGNED_PREFIX}\n${JSON.stringify(ordered)}`
}

/** 'jane.doe@example.com' → 'j•••@example.com': the public answer does not hand out addresses. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '•••'
  return `${email[0]}•••${email.slice(at)}`
}
