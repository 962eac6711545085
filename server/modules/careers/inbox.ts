import { inboxFilePath, type InboxItem } from '@/contract/inquiries-staff'
import { StorageUnavailableError, type FileStorage } from '../../adapters/storage'
import type { Executor } from '../../db/client'
import { jobApplications } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { findInboxRow, type InboxSource } from '../../lib/inbox'

/** Job applications as the staff inbox lists them (issue 15); the CV is downloaded through staff only. */
export const jobApplicationSource: InboxSource<typeof jobApplications.$inferSelect> = {
  kind: 'job-applications',
  entityType: 'job_application',
  table: jobApplications,
  columns: {
    id: jobApplications.id,
    status: jobApplications.status,
    createdAt: jobApplications.createdAt,
    name: jobApplications.name,
    search: [jobApplications.name, jobApplications.email, jobApplications.summary],
  },
  emailOf: (row) => row.email,
  toItem: (row, publicUrl): InboxItem => ({
    id: row.id,
    kind: 'job-applications',
    name: row.name,
    email: row.email,
    subject: `Application for job #${row.jobId}`,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    fields: [
      { label: 'Experience', value: row.experience },
      ...(row.phoneNumber ? [{ label: 'Phone', value: row.phoneNumber }] : []),
      ...(row.summary ? [{ label: 'Summary', value: row.summary }] : []),
    ],
    file: {
      name: row.cvName,
      size: row.cvSize,
      url: `${publicUrl}${inboxFilePath('job-applications', row.id)}`,
    },
  }),
}

export async function openCv(db: Executor, storage: FileStorage, id: number) {
  const row = await findInboxRow(db, jobApplicationSource, id)
  return {
    name: row.cvName,
    size: row.cvSize,
    stream: await storage.open(row.cvKey).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error
      throw notFound('File not found.')
    }),
  }
}
