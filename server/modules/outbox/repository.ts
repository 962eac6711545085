import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { mailOutbox, smsOutbox } from '../../db/schema'
import { firstRow } from '../../db/rows'

export type SmsOutboxRow = typeof smsOutbox.$inferSelect
export type SmsStatus = SmsOutboxRow['status']

export async function latestMail(db: Executor, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit)
}

export async function latestSms(db: Executor, limit: number) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit)
}

export async function findSmsByProviderId(db: Executor, providerMessageId: string) {
  return firstRow(db, smsOutbox, eq(smsOutbox.providerMessageId, providerMessageId))
}

export async function setSmsStatus(db: Executor, id: number, status: SmsStatus, error: string | null) {
  await db.update(smsOutbox).set({ status, error, updatedAt: new Date() }).where(eq(smsOutbox.id, id))
}
