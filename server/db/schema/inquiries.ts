import { date, integer, jsonb, text } from 'drizzle-orm/pg-core'
import { inboxTable } from './tables'
import type { ProjectFeature } from '@/contract/project-inquiries'

/** Messages from the contact form; `inquiryType` is the spec's lower-case form ('general', 'quote'). */
export const contactMessages = inboxTable('contact_messages', {
  name: text().notNull(),
  email: text().notNull(),
  phone: text(),
  company: text(),
  subject: text().notNull(),
  message: text().notNull(),
  inquiryType: text().notNull(),
})

/** Project briefs from the /start-project wizard; the requirements file sits in storage under `fileKey`. */
export const projectInquiries = inboxTable('project_inquiries', {
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
})

export const franchiseApplications = inboxTable('franchise_applications', {
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
})
