import { date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, inboxEntry } from './columns'
import type { ProjectFeature } from '@/contract/project-inquiries'

/** Messages from the contact form; `inquiryType` is the spec's lower-case form ('general', 'quote'). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    company: text(),
    subject: text().notNull(),
    message: text().notNull(),
    inquiryType: text().notNull(),
    ...inboxEntry(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)

/** Project briefs from the /start-project wizard; the requirements file sits in storage under `fileKey`. */
export const projectInquiries = pgTable(
  'project_inquiries',
  {
    id: id(),
    projectName: text().notNull(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text(),
    company: text(),
    projectType: text(),
    budgetRange: text(),
    preferredDeadline: date({ mode: 'string' }),
    features: jsonb().$type<ProjectFeature[]>().notNull().default([]),
    description: text().notNull(),
    requirementsFileKey: text(),
    requirementsFileName: text(),
    requirementsFileSize: integer(),
    ...inboxEntry(),
  },
  (t) => [index('project_inquiries_created_idx').on(t.createdAt)],
)

export const franchiseApplications = pgTable(
  'franchise_applications',
  {
    id: id(),
    fullName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    country: text().notNull(),
    city: text(),
    businessExperience: text(),
    investmentCapacity: text(),
    currentBusiness: text(),
    whyFranchise: text(),
    timeline: text(),
    additionalInfo: text(),
    ...inboxEntry(),
  },
  (t) => [index('franchise_applications_created_idx').on(t.createdAt)],
)
