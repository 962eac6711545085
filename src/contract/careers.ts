import * as z from 'zod/mini'
import { emailField, NUL_MESSAGE, pageNumber, paginated, REQUIRED, tooLong, withoutNul } from './common'
import { messages } from './messages'

/** Texts of spec 000 §5 and §8 for the careers calls, screens and the application form. */
export const careersMessages = {
  fetchCareers: 'Failed to fetch careers',
  fetchCareer: 'Failed to fetch career',
  fetchFeatured: 'Failed to fetch featured careers',
  fetchJobs: 'Failed to fetch jobs',
  jobNotFound: 'Job not found',
  fetchJob: 'Failed to fetch job',
  requiredFieldsAndCv: 'Please fill all required fields and upload your CV.',
  invalidEmail: messages.invalidEmail,
  cvTooLarge: 'File size must be less than 5MB',
  cvBadType: 'File type not supported. Please upload: .pdf, .doc, .docx',
  applicationFailed: 'Failed to submit application',
  applicationSubmitted:
    'Application submitted successfully! We will review your application and get back to you soon.',
  deadlinePassed: 'The application deadline for this position has passed.',
  invalidPhone: 'Enter a valid phone number.',
  invalidExperience: 'Select one of the listed experience options.',
  /** Shown on a job whose description is empty (spec 000 §2). */
  defaultDescription:
    'Join our team and help us build secure, scalable software for clients around the world. We are looking for people who care about quality, learn fast and enjoy working with others.',
} as const

/** Spec 000 §9: jobs per page of the list. */
export const JOBS_PAGE_SIZE = 10

export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const
export type JobType = (typeof JOB_TYPES)[number]
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  'full-time': 'Full Time',
  'part-time': 'Part Time',
  contract: 'Contract',
  internship: 'Internship',
}

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior', 'lead'] as const
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]
export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  entry: 'Entry Level',
  mid: 'Mid Level',
  senior: 'Senior Level',
  lead: 'Lead',
}

export const WORK_FROM = ['onsite', 'remote', 'hybrid'] as const
export type WorkFrom = (typeof WORK_FROM)[number]
export const WORK_FROM_LABELS: Record<WorkFrom, string> = {
  onsite: 'On-site',
  remote: 'Remote',
  hybrid: 'Hybrid',
}

/** The applicant's experience choices (spec 000 §3), the first being the default. */
export const APPLICANT_EXPERIENCE = [
  '0 experience',
  '1 to 7 years experience',
  '+7 years experience',
] as const
export type ApplicantExperience = (typeof APPLICANT_EXPERIENCE)[number]
export const DEFAULT_APPLICANT_EXPERIENCE: ApplicantExperience = '0 experience'

/** CV upload rules (spec 000 §5, §9); the server checks the bytes too. */
export const CV_RULES = {
  extensions: ['pdf', 'doc', 'docx'],
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: careersMessages.cvTooLarge,
  badTypeMessage: careersMessages.cvBadType,
} as const

export const jobSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  department: z.string(),
  location: z.string(),
  job_type: z.enum(JOB_TYPES),
  work_from: z.enum(WORK_FROM),
  experience_level: z.enum(EXPERIENCE_LEVELS),
  description: z.string(),
  /** Optional longer description as HTML, sanitized when stored. */
  job_description: z.string(),
  /** Newline-separated lines, shown as lists. */
  requirements: z.string(),
  responsibilities: z.string(),
  benefits: z.string(),
  /** A list, or one comma-separated string (both readings exist). */
  skills: z.union([z.array(z.string()), z.string()]),
  salary_range: z.string(),
  is_active: z.boolean(),
  is_featured: z.boolean(),
  /** A calendar date, YYYY-MM-DD. */
  application_deadline: z.nullable(z.string()),
  applications_count: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Job = z.infer<typeof jobSchema>

export const jobListSchema = paginated(jobSchema)
export const featuredJobsSchema = z.array(jobSchema)

const optionalQueryText = z.optional(
  z.string().check(z.trim(), z.maxLength(200), z.refine(withoutNul, NUL_MESSAGE)),
)
export const jobsQuerySchema = z.object({
  department: optionalQueryText,
  location: optionalQueryText,
  search: optionalQueryText,
  page: pageNumber(),
})

const jobRef = z.string().check(z.minLength(1), z.maxLength(200), z.refine(withoutNul, NUL_MESSAGE))
export const jobParamSchema = z.object({
  /** The job's slug, or its numeric id. */
  slug: jobRef,
})
export const jobApplyParamSchema = z.object({ id: jobRef })

/**
 * A phone number as stored: '+' and 6 to 15 digits. Accepts spaces, dashes, dots and brackets, and a
 * leading '00' for the international prefix; null when it cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  let compact = input.trim().replace(/[\s().-]/g, '')
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`
  const digits = compact.startsWith('+') ? compact.slice(1) : compact
  if (!/^[0-9]{6,15}$/.test(digits)) return null
  return `+${digits}`
}

/** The text fields of a job application as the multipart body carries them (blank fields count as absent). */
export const jobApplicationFieldsSchema = z.object({
  name: z
    .string({ error: REQUIRED })
    .check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(200, tooLong(200))),
  email: emailField(careersMessages.invalidEmail),
  experience: z._default(
    z.optional(z.enum(APPLICANT_EXPERIENCE, careersMessages.invalidExperience)),
    DEFAULT_APPLICANT_EXPERIENCE,
  ),
  phone_number: z.optional(z.string().check(z.maxLength(40, tooLong(40)))),
  phone: z.optional(z.string().check(z.maxLength(40, tooLong(40)))),
  summary: z.optional(z.string().check(z.maxLength(5000, tooLong(5000)))),
  cover_letter: z.optional(z.string().check(z.maxLength(5000, tooLong(5000)))),
  career_id: z.optional(z.string()),
})

/** Both readings of the answer: `application.id` and `message`, and `status: 'success'`. */
export const jobApplicationResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  application: z.object({ id: z.int(), career_id: z.int(), created_at: z.string() }),
})
export type JobApplicationResponse = z.infer<typeof jobApplicationResponseSchema>

/** Requirements, responsibilities and benefits are newline-separated text; blank lines and bullets are dropped. */
export function splitLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean)
}

/** Skills arrive as a list or as one comma-separated string. */
export function skillList(skills: Job['skills']): string[] {
  const items = Array.isArray(skills) ? skills : skills.split(',')
  return items.map((s) => s.trim()).filter(Boolean)
}

/** Whether the application deadline (a calendar date, inclusive) is over at `now`. */
export function deadlinePassed(deadline: string | null, now = new Date()): boolean {
  if (!deadline) return false
  return now.toISOString().slice(0, 10) > deadline
}

/** The path segment of a job's page: its slug, or its id when it has none. */
export function jobSlug(job: Pick<Job, 'slug' | 'id'>): string {
  return job.slug || String(job.id)
}

/** The path of a job's page; links, the sitemap and the assistant's sources all use it. */
export function jobPath(job: Pick<Job, 'slug' | 'id'>): string {
  return `/careers/${encodeURIComponent(jobSlug(job))}`
}
