import * as z from 'zod/mini'
import { EXPERIENCE_LEVELS, JOB_TYPES, jobSchema, WORK_FROM } from './careers'
import { isCalendarDate, optionalQueryText, pageNumber, paginated, requiredText, tooLong } from './common'
import { contentSlug, contentText, publishedQuery, staffContentMessages } from './content-staff'

/** The staff console's jobs (/api/staff/content/…); shared rules are in content-staff.ts. */

export const jobFields = {
  title: requiredText(200),
  slug: contentSlug,
  category: contentText(100),
  department: contentText(100),
  location: contentText(200),
  job_type: z.enum(JOB_TYPES),
  work_from: z.enum(WORK_FROM),
  experience_level: z.enum(EXPERIENCE_LEVELS),
  /** The short summary shown on the list. */
  description: contentText(2000),
  /** HTML; sanitized by the server when stored. */
  job_description: contentText(100_000),
  /** Newline-separated lines. */
  requirements: contentText(10_000),
  responsibilities: contentText(10_000),
  benefits: contentText(10_000),
  skills: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60, tooLong(60))))
    .check(z.maxLength(40)),
  salary_range: contentText(200),
  is_featured: z.boolean(),
  application_deadline: z.nullable(
    z.string().check(z.refine(isCalendarDate, staffContentMessages.invalidDate)),
  ),
}
export const createJobSchema = z.object({
  title: jobFields.title,
  slug: z._default(z.optional(jobFields.slug), null),
  category: z._default(z.optional(jobFields.category), ''),
  department: z._default(z.optional(jobFields.department), ''),
  location: z._default(z.optional(jobFields.location), ''),
  job_type: jobFields.job_type,
  work_from: z._default(z.optional(jobFields.work_from), 'onsite'),
  experience_level: jobFields.experience_level,
  description: z._default(z.optional(jobFields.description), ''),
  job_description: z._default(z.optional(jobFields.job_description), ''),
  requirements: z._default(z.optional(jobFields.requirements), ''),
  responsibilities: z._default(z.optional(jobFields.responsibilities), ''),
  benefits: z._default(z.optional(jobFields.benefits), ''),
  skills: z._default(z.optional(jobFields.skills), []),
  salary_range: z._default(z.optional(jobFields.salary_range), ''),
  is_featured: z._default(z.optional(jobFields.is_featured), false),
  application_deadline: z._default(z.optional(jobFields.application_deadline), null),
})
export type CreateJobInput = z.output<typeof createJobSchema>
export const updateJobSchema = z.partial(z.object(jobFields))
export type UpdateJobInput = z.output<typeof updateJobSchema>

/** A job as staff see it: the public shape (inactive ones too). */
export const staffJobSchema = jobSchema
export type StaffJob = z.infer<typeof staffJobSchema>
export const staffJobListSchema = paginated(staffJobSchema)

export const JOB_SORTS = ['updated', 'newest', 'title', 'deadline'] as const
export const staffJobQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: publishedQuery,
  sort: z._default(z.optional(z.enum(JOB_SORTS)), 'updated'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffJobQuery = z.output<typeof staffJobQuerySchema>
