import {
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  WORK_FROM,
  type ExperienceLevel,
  type JobType,
  type WorkFrom,
} from '@/contract/careers'
import type { Executor } from '../client'
import { createJob } from '../../modules/careers'
import data from './data/careers.json'

/** Demo job openings (data/careers.json), written for this product. */
export interface JobSeed {
  slug: string
  title: string
  category: string
  department: string
  location: string
  jobType: JobType
  workFrom: WorkFrom
  experienceLevel: ExperienceLevel
  description: string
  jobDescription?: string
  requirements: string[]
  responsibilities: string[]
  benefits: string[]
  /** Some openings list skills, others give one comma-separated string: both readings exist. */
  skills: string[] | string
  salaryRange: string
  featured?: boolean
  inactive?: boolean
  /** Days from seeding until the deadline; none means open until filled. */
  deadlineInDays?: number
  daysAgo: number
  applications: number
}

function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((v) => v === value)
  if (!found) throw new Error(`demo job with an unknown ${what}: ${value}`)
  return found
}

export const jobsSeed: JobSeed[] = data.jobs.map((job) => ({
  ...job,
  jobType: oneOf(JOB_TYPES, job.jobType, 'job type'),
  workFrom: oneOf(WORK_FROM, job.workFrom, 'work place'),
  experienceLevel: oneOf(EXPERIENCE_LEVELS, job.experienceLevel, 'experience level'),
}))

const DAY = 24 * 60 * 60 * 1000

export async function seedCareers(db: Executor) {
  const now = Date.now()
  // Oldest first, so ids follow posting order.
  for (const job of [...jobsSeed].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const posted = new Date(now - job.daysAgo * DAY)
    await createJob(db, {
      slug: job.slug,
      title: job.title,
      category: job.category,
      department: job.department,
      location: job.location,
      jobType: job.jobType,
      workFrom: job.workFrom,
      experienceLevel: job.experienceLevel,
      description: job.description,
      jobDescription: job.jobDescription ?? '',
      requirements: job.requirements.join('\n'),
      responsibilities: job.responsibilities.join('\n'),
      benefits: job.benefits.join('\n'),
      skills: job.skills,
      salaryRange: job.salaryRange,
      isActive: !job.inactive,
      isFeatured: job.featured ?? false,
      applicationDeadline:
        job.deadlineInDays === undefined
          ? null
          : new Date(now + job.deadlineInDays * DAY).toISOString().slice(0, 10),
      applicationsCount: job.applications,
      createdAt: posted,
      updatedAt: posted,
    })
  }
}
