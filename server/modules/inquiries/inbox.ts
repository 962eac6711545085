import { contactMessages, franchiseApplications, projectInquiries } from '../../db/schema'
import { StorageUnavailableError, type FileStorage } from '../../adapters/storage'
import type { Executor } from '../../db/client'
import { inboxFilePath, type InboxItem } from '@/contract/inquiries-staff'
import { franchiseChoiceLabels } from '@/contract/franchise-applications'
import { budgetRangeLabels, projectTypeLabels } from '@/contract/project-inquiries'
import { notFound } from '../../lib/errors'
import { findInboxRow, type InboxSource } from '../../lib/inbox'

/** The public forms' submissions as the staff inbox lists them (issue 15). */

const field = (label: string, value: string | null | undefined) => (value ? [{ label, value }] : [])
const choice = <T extends Record<string, string>>(labels: T, value: string | null) =>
  value ? (labels[value as keyof T] ?? value) : null

export const contactMessageSource: InboxSource<typeof contactMessages.$inferSelect> = {
  kind: 'contact-messages',
  entityType: 'contact_message',
  table: contactMessages,
  columns: {
    id: contactMessages.id,
    status: contactMessages.status,
    createdAt: contactMessages.createdAt,
    name: contactMessages.name,
    search: [contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message],
  },
  emailOf: (row) => row.email,
  toItem: (row): InboxItem => ({
    id: row.id,
    kind: 'contact-messages',
    name: row.name,
    email: row.email,
    subject: row.subject,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    fields: [
      ...field('Inquiry type', row.inquiryType),
      ...field('Phone', row.phone),
      ...field('Company', row.company),
      ...field('Message', row.message),
    ],
    file: null,
  }),
}

export const projectBriefSource: InboxSource<typeof projectInquiries.$inferSelect> = {
  kind: 'project-briefs',
  entityType: 'project_inquiry',
  table: projectInquiries,
  columns: {
    id: projectInquiries.id,
    status: projectInquiries.status,
    createdAt: projectInquiries.createdAt,
    name: projectInquiries.contactName,
    search: [
      projectInquiries.projectName,
      projectInquiries.contactName,
      projectInquiries.contactEmail,
      projectInquiries.company,
      projectInquiries.description,
    ],
  },
  emailOf: (row) => row.contactEmail,
  toItem: (row, publicUrl): InboxItem => ({
    id: row.id,
    kind: 'project-briefs',
    name: row.contactName,
    email: row.contactEmail,
    subject: row.projectName,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    fields: [
      ...field('Phone', row.contactPhone),
      ...field('Company', row.company),
      ...field('Project type', choice(projectTypeLabels, row.projectType)),
      ...field('Budget', choice(budgetRangeLabels, row.budgetRange)),
      ...field('Preferred deadline', row.preferredDeadline),
      ...field('Features', row.features.join(', ')),
      ...field('Description', row.description),
    ],
    file:
      row.requirementsFileKey && row.requirementsFileName
        ? {
            name: row.requirementsFileName,
            size: row.requirementsFileSize ?? 0,
            url: `${publicUrl}${inboxFilePath('project-briefs', row.id)}`,
          }
        : null,
  }),
}

export const franchiseRequestSource: InboxSource<typeof franchiseApplications.$inferSelect> = {
  kind: 'franchise-requests',
  entityType: 'franchise_application',
  table: franchiseApplications,
  columns: {
    id: franchiseApplications.id,
    status: franchiseApplications.status,
    createdAt: franchiseApplications.createdAt,
    name: franchiseApplications.fullName,
    search: [
      franchiseApplications.fullName,
      franchiseApplications.email,
      franchiseApplications.country,
      franchiseApplications.city,
    ],
  },
  emailOf: (row) => row.email,
  toItem: (row): InboxItem => ({
    id: row.id,
    kind: 'franchise-requests',
    name: row.fullName,
    email: row.email,
    subject: `Franchise in ${[row.city, row.country].filter(Boolean).join(', ')}`,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    fields: [
      ...field('Phone', row.phone),
      ...field(
        'Business experience',
        choice(franchiseChoiceLabels.business_experience, row.businessExperience),
      ),
      ...field(
        'Investment capacity',
        choice(franchiseChoiceLabels.investment_capacity, row.investmentCapacity),
      ),
      ...field('Current business', row.currentBusiness),
      ...field('Why a franchise', row.whyFranchise),
      ...field('Timeline', choice(franchiseChoiceLabels.timeline, row.timeline)),
      ...field('Additional information', row.additionalInfo),
    ],
    file: null,
  }),
}

/** The requirements file of a brief, for staff to download. */
export async function openRequirementsFile(db: Executor, storage: FileStorage, id: number) {
  const row = await findInboxRow(db, projectBriefSource, id)
  if (!row.requirementsFileKey) throw notFound('File not found.')
  return {
    name: row.requirementsFileName ?? 'requirements',
    size: row.requirementsFileSize ?? 0,
    stream: await storage.open(row.requirementsFileKey).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error
      throw notFound('File not found.')
    }),
  }
}
