import { desc } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { mailOutbox } from '../../db/schema'

/** The sandbox mailer's latest e-mails, newest first. */
export async function latestOutbox(db: Executor, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit)
}
