import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, min, ne, sql } from 'drizzle-orm'
import type { ReferralStatus } from '@/contract/referrals'
import type { Executor } from '../../db/client'
import { firstOf, firstRow, insertRow, listPage, type RowPage } from '../../db/rows'
import { orders, referralCodes, referrals, users } from '../../db/schema'
import { answerChangesAt, isRecording } from '../../lib/data-versions'
import type { PageWindow } from '../../lib/pagination'

export type ReferralRow = typeof referrals.$inferSelect
export type ReferralCodeRow = typeof referralCodes.$inferSelect
export type ReferralWithFriend = ReferralRow & { friend: { firstName: string; lastName: string } | null }

export async function findCodeOfUser(db: Executor, userId: number): Promise<ReferralCodeRow | undefined> {
  return firstRow(db, referralCodes, eq(referralCodes.userId, userId))
}

/** Inserts a code for a user; null when the user already has one or the code is taken. */
export async function insertCode(
  db: Executor,
  userId: number,
  code: string,
): Promise<ReferralCodeRow | null> {
  const [row] = await db.insert(referralCodes).values({ userId, code }).onConflictDoNothing().returning()
  return row ?? null
}

export async function findActiveCode(db: Executor, code: string): Promise<ReferralCodeRow | undefined> {
  return firstRow(db, referralCodes, and(eq(referralCodes.code, code), eq(referralCodes.isActive, true)))
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const row = await firstOf(
    db.select({ id: users.id }).from(users).$dynamic(),
    sql`lower(${users.email}) = ${email.toLowerCase()}`,
  )
  return row?.id
}

export async function findUserBasics(db: Executor, userId: number) {
  return firstOf(
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .$dynamic(),
    eq(users.id, userId),
  )
}

/** A referrer's referral of one e-mail address, locked for the caller's transaction. */
export async function findByReferrerAndEmail(
  db: Executor,
  referrerId: number,
  email: string,
): Promise<ReferralRow | undefined> {
  return firstRow(
    db,
    referrals,
    and(
      eq(referrals.referrerId, referrerId),
      sql`lower(${referrals.referredEmail}) = ${email.toLowerCase()}`,
    ),
    'update',
  )
}

/** The newest open invitation of an e-mail address, by anyone, locked. */
export async function findOpenInvitation(db: Executor, email: string): Promise<ReferralRow | undefined> {
  const [row] = await db
    .select()
    .from(referrals)
    .where(
      and(
        sql`lower(${referrals.referredEmail}) = ${email.toLowerCase()}`,
        eq(referrals.status, 'pending'),
        sql`${referrals.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(referrals.createdAt))
    .limit(1)
    .for('update')
  return row
}

export async function findByReferredUser(db: Executor, userId: number): Promise<ReferralRow | undefined> {
  return firstRow(db, referrals, eq(referrals.referredUserId, userId), 'update')
}

export async function findByQualifyingOrder(db: Executor, orderId: number): Promise<ReferralRow | undefined> {
  return firstRow(db, referrals, eq(referrals.qualifyingOrderId, orderId), 'update')
}

export async function findOwnReferral(
  db: Executor,
  referrerId: number,
  id: number,
): Promise<ReferralRow | undefined> {
  return firstRow(db, referrals, and(eq(referrals.id, id), eq(referrals.referrerId, referrerId)), 'update')
}

export async function insertReferral(
  db: Executor,
  values: typeof referrals.$inferInsert,
): Promise<ReferralRow> {
  return insertRow(db, referrals, values, 'referral not inserted')
}

export async function updateReferral(
  db: Executor,
  id: number,
  values: Partial<typeof referrals.$inferInsert>,
): Promise<ReferralRow> {
  const [row] = await db.update(referrals).set(values).where(eq(referrals.id, id)).returning()
  if (!row) throw new Error('referral not updated')
  return row
}

/** Invitations nobody took up in time become expired (on read: no timer needed). */
export async function expireStale(db: Executor, referrerId: number): Promise<void> {
  await db
    .update(referrals)
    .set({ status: 'expired' })
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'pending'),
        lt(referrals.expiresAt, sql`now()`),
      ),
    )
  // A kept answer (server/lib/data-versions.ts) goes stale when the next invitation expires.
  if (!isRecording()) return
  const [next] = await db
    .select({ at: min(referrals.expiresAt) })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, 'pending')))
  if (next?.at) answerChangesAt(next.at)
}

export async function withFriend(db: Executor, row: ReferralRow): Promise<ReferralWithFriend> {
  const friend = row.referredUserId === null ? undefined : await findUserBasics(db, row.referredUserId)
  return { ...row, friend: friend ? { firstName: friend.firstName, lastName: friend.lastName } : null }
}

export async function listOfReferrer(
  db: Executor,
  referrerId: number,
  window: PageWindow,
): Promise<RowPage<ReferralWithFriend>> {
  const where = eq(referrals.referrerId, referrerId)
  const { rows, count } = await listPage(
    db,
    db
      .select({ referral: referrals, firstName: users.firstName, lastName: users.lastName })
      .from(referrals)
      .leftJoin(users, eq(users.id, referrals.referredUserId))
      .$dynamic(),
    { where, orderBy: [desc(referrals.createdAt), desc(referrals.id)], window },
  )
  return {
    count,
    rows: rows.map(({ referral, firstName, lastName }) => ({
      ...referral,
      friend: firstName === null || lastName === null ? null : { firstName, lastName },
    })),
  }
}

/** How many of a referrer's referrals are in each status. */
export async function countByStatus(
  db: Executor,
  referrerId: number,
): Promise<Record<ReferralStatus, number>> {
  const rows = await db
    .select({ status: referrals.status, n: count() })
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId))
    .groupBy(referrals.status)
  const counts = { pending: 0, registered: 0, completed: 0, rewarded: 0, expired: 0, cancelled: 0 }
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/** The referrer-side rewards still standing (rewarded and not reversed), USD cents. */
export async function standingRewardsMinor(db: Executor, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referrals.rewardMinor}), 0)` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), inArray(referrals.status, ['rewarded'])))
  return Number(row?.total ?? 0)
}

/**
 * The friend's first paid order that can complete a referral: paid through a gateway (not from the
 * wallet), not a top-up, of at least `minMinor` USD cents, and not refunded.
 */
export async function firstQualifyingOrder(db: Executor, userId: number, minMinor: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        ne(orders.kind, 'wallet_topup'),
        isNotNull(orders.gateway),
        ne(orders.gateway, 'wallet'),
        gte(orders.amountMinor, minMinor),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(1)
  return row
}

export async function orderStatus(db: Executor, orderId: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1)
  return row?.status
}

/** Completed referrals whose hold has ended by `now`, oldest first. */
export async function dueRewardIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.status, 'completed'), lte(referrals.rewardDueAt, now)))
    .orderBy(asc(referrals.rewardDueAt))
    .limit(limit)
  return rows.map((row) => row.id)
}

export async function findForUpdate(db: Executor, id: number): Promise<ReferralRow | undefined> {
  return firstRow(db, referrals, eq(referrals.id, id), 'update')
}

/** Locks the referrer's account row: one reward decision per referrer at a time (the monthly cap). */
export async function lockReferrer(db: Executor, referrerId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, referrerId)).for('update')
}

/** Rewards the referrer was credited since `from` (reversed ones count: the cap is on what was paid out). */
export async function rewardsSince(db: Executor, referrerId: number, from: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), gte(referrals.rewardedAt, from)))
  return row?.n ?? 0
}

/** A referrer's completed referrals whose rewards are held, soonest first, with the friend's name. */
export async function heldRewards(db: Executor, referrerId: number) {
  return db
    .select({
      id: referrals.id,
      email: referrals.referredEmail,
      dueAt: referrals.rewardDueAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(referrals)
    .leftJoin(users, eq(users.id, referrals.referredUserId))
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'completed'),
        isNotNull(referrals.rewardDueAt),
      ),
    )
    .orderBy(asc(referrals.rewardDueAt))
}
