import type { Executor } from '../../db/client'
import { contactMessages, franchiseApplications, projectInquiries } from '../../db/schema'

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
  const [row] = await db.insert(franchiseApplications).values(values).returning()
  if (!row) throw new Error('insert returned no franchise application')
  return row
}
