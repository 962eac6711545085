import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'
import { firstRow } from '../../db/rows'

const sameAddress = (email: string) => eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase())

/** Adds the address as pending with its link token; undefined when it is already on the list (any case). */
export async function insertSubscriber(db: Executor, email: string, token: string) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email, status: 'pending', token })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id, token: newsletterSubscribers.token })
  return row
}

/** Asks an unsubscribed address to confirm again, with a new link token; undefined otherwise. */
export async function renewPending(db: Executor, email: string, token: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'pending', subscribedAt: new Date(), unsubscribedAt: null, confirmedAt: null, token })
    .where(and(sameAddress(email), eq(newsletterSubscribers.status, 'unsubscribed')))
    .returning({ id: newsletterSubscribers.id, token: newsletterSubscribers.token })
  return row
}

/** Confirms the address behind a link token; undefined for an unknown token or one not pending. */
export async function confirmByToken(db: Executor, token: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'subscribed', confirmedAt: new Date() })
    .where(and(eq(newsletterSubscribers.token, token), eq(newsletterSubscribers.status, 'pending')))
    .returning({ email: newsletterSubscribers.email })
  return row
}

/** Whether the token names a subscriber at all (confirmed or not). */
export async function findByToken(db: Executor, token: string) {
  return firstRow(db, newsletterSubscribers, eq(newsletterSubscribers.token, token))
}

export async function unsubscribeByToken(db: Executor, token: string) {
  await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscribers.token, token), ne(newsletterSubscribers.status, 'unsubscribed')))
}

export async function unsubscribe(db: Executor, email: string) {
  await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(and(sameAddress(email), ne(newsletterSubscribers.status, 'unsubscribed')))
}

export async function findSubscriber(db: Executor, email: string) {
  return firstRow(db, newsletterSubscribers, sameAddress(email))
}
