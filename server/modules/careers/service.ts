import type { FastifyBaseLogger } from 'fastify'
import { NUL_MESSAGE, withoutNul } from '@/contract/common'
import {
  careersMessages,
  CV_RULES,
  deadlinePassed,
  jobApplicationFieldsSchema,
  normalizePhone,
  type ApplicantExperience,
  type Job,
  type JobApplicationResponse,
  jobPath,
} from '@/contract/careers'
import { readSlugOrId } from '@/contract/common'
import type { PageMeta } from '@/contract/page-meta'
import { site } from '@/contract/site'
import type { Mailer } from '../../adapters/mail'
import type { FileStorage } from '../../adapters/storage'
import type { Database, Executor } from '../../db/client'
import type { jobs } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import { pageSlug } from '../../lib/page-path'
import { loadPage, PAGE_SIZE } from '../../lib/pagination'
import { discardFiles, type MultipartResult, type StoredFile, type UploadRule } from '../../lib/uploads'
import type { SitemapEntry } from '../../plugins/seo'
import { sanitizeArticleHtml } from '../../lib/article-html'
import * as repo from './repository'

export const FEATURED_JOBS_LIMIT = 6

export function toJob(row: repo.JobRow): Job {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    department: row.department,
    location: row.location,
    job_type: row.jobType,
    work_from: row.workFrom,
    experience_level: row.experienceLevel,
    description: row.description,
    job_description: row.jobDescription,
    requirements: row.requirements,
    responsibilities: row.responsibilities,
    benefits: row.benefits,
    skills: row.skills,
    salary_range: row.salaryRange,
    is_active: row.isActive,
    is_featured: row.isFeatured,
    application_deadline: row.applicationDeadline,
    applications_count: row.applicationsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export async function listJobs(db: Executor, query: repo.JobFilter & { page: number }) {
  return loadPage(query.page, PAGE_SIZE.careers, (window) => repo.listActiveJobs(db, query, window), toJob)
}

export async function listFeaturedJobs(db: Executor): Promise<Job[]> {
  return (await repo.listFeaturedJobs(db, FEATURED_JOBS_LIMIT)).map(toJob)
}

export async function readJob(db: Executor, slugOrId: string): Promise<Job> {
  const row = await repo.findActiveJob(db, readSlugOrId(slugOrId))
  if (!row) throw notFound(careersMessages.jobNotFound)
  return toJob(row)
}

/** The CV of an application: `readMultipart(request, storage, { cv: CV_UPLOAD })` in the route. */
export const CV_UPLOAD: UploadRule = {
  kinds: ['pdf', 'doc', 'docx'],
  maxBytes: CV_RULES.maxBytes,
  tooLargeMessage: CV_RULES.tooLargeMessage,
  badTypeMessage: CV_RULES.badTypeMessage,
  area: 'cvs',
}

interface ApplicationInput {
  name: string
  email: string
  experience: ApplicantExperience
  phoneNumber: string
  summary: string
  cv: StoredFile
}

/**
 * Checks the text fields and the CV together, so the visitor learns everything that is wrong at once.
 * The detail is the spec's text when something required is missing, otherwise the first field's message.
 */
function checkApplication(fields: Record<string, string>, cv: StoredFile | undefined): ApplicationInput {
  // Blank optional fields count as absent, so an empty experience select takes the default.
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''))
  const parsed = jobApplicationFieldsSchema.safeParse(present)
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => (errors[field] ??= []).push(message)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'non_field_errors'), issue.message)
  }
  if (!cv) add('cv', 'No file was submitted.')
  const withNul = Object.keys(present).filter((field) => !withoutNul(present[field] ?? ''))
  for (const field of withNul) add(field, NUL_MESSAGE)
  const rawPhone = (parsed.success ? (parsed.data.phone_number ?? parsed.data.phone) : undefined)?.trim()
  const phoneNumber = rawPhone ? normalizePhone(rawPhone) : ''
  if (phoneNumber === null)
    add(fields.phone_number !== undefined ? 'phone_number' : 'phone', careersMessages.invalidPhone)

  if (!parsed.success || !cv || phoneNumber === null || withNul.length > 0) {
    const missing = !present.name || !present.email || !cv
    const first = Object.values(errors)[0]?.[0] ?? 'Invalid input.'
    throw badRequest(missing ? careersMessages.requiredFieldsAndCv : first, errors)
  }
  const data = parsed.data
  return {
    name: data.name,
    email: data.email,
    experience: data.experience,
    phoneNumber,
    summary: (data.summary ?? data.cover_letter ?? '').trim(),
    cv,
  }
}

export interface ApplyDeps {
  db: Database
  storage: FileStorage
  mailer: Mailer
  log: FastifyBaseLogger
}

/** The job an application is for: open, and before its deadline. Checked before the upload is read. */
export async function jobOpenForApplications(db: Executor, jobRef: string): Promise<repo.JobRow> {
  const job = await repo.findActiveJob(db, readSlugOrId(jobRef))
  if (!job) throw notFound(careersMessages.jobNotFound)
  if (deadlinePassed(job.applicationDeadline)) throw badRequest(careersMessages.deadlinePassed)
  return job
}

/** Stores an application with its uploaded CV; a refused application keeps no file. */
export async function apply(
  deps: ApplyDeps,
  job: repo.JobRow,
  { fields, files }: MultipartResult,
): Promise<JobApplicationResponse> {
  let application
  try {
    const input = checkApplication(fields, files.cv)
    application = await deps.db.transaction(async (tx) => {
      const row = await repo.insertApplication(tx, {
        jobId: job.id,
        name: input.name,
        email: input.email,
        experience: input.experience,
        phoneNumber: input.phoneNumber,
        summary: input.summary,
        cvKey: input.cv.key,
        cvName: input.cv.originalName,
        cvSize: input.cv.size,
        cvMime: input.cv.mime,
      })
      await repo.countApplication(tx, job.id)
      return row
    })
  } catch (error) {
    await discardFiles(deps.storage, files)
    throw error
  }

  try {
    await deps.mailer.send({
      to: application.email,
      subject: `We received your application: ${job.title}`,
      template: 'job-application-confirmation',
      text: [
        `Hello ${application.name},`,
        '',
        `Thank you for applying for the ${job.title} position${job.location ? ` (${job.location})` : ''}. Our hiring team reads every application and will contact you if your profile matches the role.`,
        '',
        `Your reference: application #${application.id}.`,
        '',
        `The ${site.name} team`,
      ].join('\n'),
    })
  } catch (error) {
    // The application is stored; a failed confirmation must not make the visitor apply twice.
    deps.log.error({ err: error, applicationId: application.id }, 'application confirmation not sent')
  }

  return {
    status: 'success',
    message: careersMessages.applicationSubmitted,
    application: {
      id: application.id,
      career_id: job.id,
      created_at: application.createdAt.toISOString(),
    },
  }
}

/** Title and description of /careers/<slug> for the app shell and link previews. */
export async function jobPageMeta(db: Executor, pathname: string): Promise<PageMeta | null> {
  const slug = pageSlug(pathname, 'careers')
  if (slug === null) return null
  const row = await repo.findActiveJob(db, readSlugOrId(slug))
  if (!row) return null
  const where = [row.location, row.department].filter(Boolean).join(' · ')
  return {
    title: `${row.title} | Careers | ${site.name}`,
    description: [where, shorten(row.description || careersMessages.defaultDescription, 160)]
      .filter(Boolean)
      .join(': '),
  }
}

/** The first `max` characters of a text, cut at a word boundary. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.lastIndexOf(' ', max)
  return `${flat.slice(0, cut > 0 ? cut : max).replace(/[,.;:]$/, '')}…`
}

export async function sitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const rows = await repo.listActiveSlugs(db)
  return rows.map((r) => ({ path: jobPath(r), lastModified: r.updatedAt }))
}

export const RESERVED_JOB_SLUGS = ['featured']

/** Stores a job with its HTML description sanitized; the one way jobs enter the table (seed, import). */
export async function createJob(db: Executor, values: typeof jobs.$inferInsert) {
  if (RESERVED_JOB_SLUGS.includes(values.slug)) throw new Error(`reserved job slug: ${values.slug}`)
  return repo.insertJob(db, { ...values, jobDescription: sanitizeArticleHtml(values.jobDescription ?? '') })
}
