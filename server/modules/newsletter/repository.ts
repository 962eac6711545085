import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'

const sameAddress = (email: string) => eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase())

/** Adds the address; undefined when it is already on the list (in any letter case). */
export async function insertSubscriber(db: Executor, email: string) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id })
  return row
}

/** Subscribes a previously unsubscribed address again; undefined when it was not unsubscribed. */
export async function reactivateSubscriber(db: Executor, email: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'subscribed', subscribedAt: new Date(), unsubscribedAt: null })
    .where(and(sameAddress(email), eq(newsletterSubscribers.status, 'unsubscribed')))
    .returning({ id: newsletterSubscribers.id })
  return row
}

export async function unsubscribe(db: Executor, email: string) {
  await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(and(sameAddress(email), eq(newsletterSubscribers.status, 'subscribed')))
}

export async function findSubscriber(db: Executor, email: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(sameAddress(email)).limit(1)
  return row
}
