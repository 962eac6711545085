import { boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamps, inboxEntry } from './columns'
import { ownedTable } from './tables'
import { APPLICANT_EXPERIENCE, EXPERIENCE_LEVELS, JOB_TYPES, WORK_FROM } from '@/contract/careers'

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    category: text().notNull().default(''),
    department: text().notNull().default(''),
    location: text().notNull().default(''),
    jobType: text({ enum: JOB_TYPES }).notNull(),
    workFrom: text({ enum: WORK_FROM }).notNull().default('onsite'),
    experienceLevel: text({ enum: EXPERIENCE_LEVELS }).notNull(),
    description: text().notNull().default(''),
    /** Sanitized HTML, like blog bodies. */
    jobDescription: text().notNull().default(''),
    requirements: text().notNull().default(''),
    responsibilities: text().notNull().default(''),
    benefits: text().notNull().default(''),
    /** Kept as given: a list, or one comma-separated string (the spec knows both). */
    skills: jsonb().$type<string[] | string>().notNull().default([]),
    salaryRange: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    applicationDeadline: date({ mode: 'string' }),
    applicationsCount: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('jobs_active_idx').on(t.isActive, t.createdAt)],
)

export const jobApplications = ownedTable(
  'job_applications',
  { key: 'jobId', references: () => jobs.id, indexName: 'job' },
  {
    name: text().notNull(),
    email: text().notNull(),
    experience: text({ enum: APPLICANT_EXPERIENCE }).notNull(),
    /** '+' and digits, or '' when none was given. */
    phoneNumber: text().notNull().default(''),
    summary: text().notNull().default(''),
    /** Storage key of the CV (`cvs/<uuid>.<ext>`); the file is never served from a public path. */
    cvKey: text().notNull(),
    cvName: text().notNull(),
    cvSize: integer().notNull(),
    cvMime: text().notNull(),
    ...inboxEntry(),
  },
)
