import type { Executor } from '../../db/client'
import { contactMessages, franchiseApplications, projectInquiries } from '../../db/schema'
import { insertRow } from '../../db/rows'

export type FranchiseApplicationRow = typeof franchiseApplications.$inferSelect

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id })
  if (!row) throw new Error('insert returned no contact message')
  return row
}

export async function insertProjectInquiry(db: Executor, values: typeof projectInquiries.$inferInsert) {
  const [row] = await db.insert(projectInquiries).values(values).returning({ id: projectInquiries.id })
  if (!row) throw new Error('insert returned no project inquiry')
  return row
}

export async function insertFranchiseApplication(
  db: Executor,
  values: typeof franchiseApplications.$inferInsert,
): Promise<FranchiseApplicationRow> {
  return insertRow(db, franchiseApplications, values, 'insert returned no franchise application')
}
