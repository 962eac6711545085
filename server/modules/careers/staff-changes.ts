import type { CreateJobInput, StaffJobQuery, UpdateJobInput } from '@/contract/careers-staff'
import { partialValues } from '../../db/rows'
import type { jobs } from '../../db/schema'
import { sanitizeArticleHtml } from '../../lib/article-html'
import { chooseSlug } from '../../lib/content-slug'
import { staffContentChanges } from '../../lib/staff-content-changes'
import * as repo from './repository'
import { createJob, RESERVED_JOB_SLUGS, toJob } from './service'

/*
 * The staff console's jobs (issue 15). A job enters through `createJob` (also the seed's way, which
 * sanitizes its HTML description) and changes here with the same sanitizing; "published" is `is_active`,
 * the flag the public list, the job page and the application form already follow. Each write and its
 * audit entry are one transaction.
 */

const jobValues = partialValues<UpdateJobInput, typeof jobs.$inferInsert>({
  title: 'title',
  category: 'category',
  department: 'department',
  location: 'location',
  job_type: 'jobType',
  work_from: 'workFrom',
  experience_level: 'experienceLevel',
  description: 'description',
  job_description: 'jobDescription',
  requirements: 'requirements',
  responsibilities: 'responsibilities',
  benefits: 'benefits',
  skills: ['skills', (skills) => [...new Set(skills)]],
  salary_range: 'salaryRange',
  is_featured: 'isFeatured',
  application_deadline: 'applicationDeadline',
})

/**
 * The console's jobs: a new one is not yet open for applications (publishing is its own step);
 * publishing opens it (list, page, applications), unpublishing closes it and keeps its applications.
 */
export const jobStaffService = staffContentChanges({
  entity: 'job',
  label: (row: repo.JobRow) => `Job "${row.title}"`,
  rows: repo.jobRows,
  present: toJob,
  listRows: (db, query: StaffJobQuery, window) => repo.listAllJobs(db, query, window),
  insert: async (tx, input: CreateJobInput) =>
    createJob(tx, {
      ...jobValues(input),
      title: input.title,
      jobType: input.job_type,
      experienceLevel: input.experience_level,
      slug: await chooseSlug({
        given: input.slug,
        title: input.title,
        reserved: RESERVED_JOB_SLUGS,
        taken: (s) => repo.jobSlugTaken(tx, s, null),
      }),
      isActive: false,
    }),
  prepare: async (tx, current, input: UpdateJobInput) => {
    const values = jobValues(input)
    if (values.jobDescription !== undefined)
      values.jobDescription = sanitizeArticleHtml(values.jobDescription)
    if (input.slug !== undefined && (input.slug ?? '') !== current.slug) {
      values.slug = await chooseSlug({
        given: input.slug,
        title: input.title ?? current.title,
        reserved: RESERVED_JOB_SLUGS,
        taken: (s) => repo.jobSlugTaken(tx, s, current.id),
      })
    }
    return values
  },
})
