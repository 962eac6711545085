import { and, desc, eq, sql } from 'drizzle-orm'
import type { PaymentGatewayName } from '@/contract/payments'
import type { Executor } from '../../db/client'
import { firstRow, updateRows } from '../../db/rows'
import { clients, gatewayCustomers, savedPaymentMethods, users } from '../../db/schema'
import { firstValue } from './first-value'

/* Who pays: the payer's account, their customer record at a gateway, and the cards they saved there. */

export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect

/** Who pays: the account and, for clients, the company profile's phone. */
export async function findPayer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: clients.phone,
    })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, userId))
  return row
}

export async function findCustomerRef(db: Executor, userId: number, gateway: PaymentGatewayName) {
  const where = and(eq(gatewayCustomers.userId, userId), eq(gatewayCustomers.gateway, gateway))
  return firstValue(db, gatewayCustomers, gatewayCustomers.customerRef, where)
}

/** Stores the customer unless another request stored one first; answers the stored ref. */
export async function saveCustomerRef(
  db: Executor,
  userId: number,
  gateway: PaymentGatewayName,
  ref: string,
) {
  await db.insert(gatewayCustomers).values({ userId, gateway, customerRef: ref }).onConflictDoNothing()
  return (await findCustomerRef(db, userId, gateway)) ?? ref
}

export async function findUserByCustomerRef(db: Executor, gateway: PaymentGatewayName, ref: string) {
  const where = and(eq(gatewayCustomers.gateway, gateway), eq(gatewayCustomers.customerRef, ref))
  return firstValue(db, gatewayCustomers, gatewayCustomers.userId, where)
}

/** The client's cards that are active (the only ones listed, charged or made the default). */
const activeMethodsOf = (userId: number) =>
  and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isActive, true))

export async function listSavedMethods(db: Executor, userId: number): Promise<SavedMethodRow[]> {
  return db
    .select()
    .from(savedPaymentMethods)
    .where(activeMethodsOf(userId))
    .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.id))
}

/** One of the client's cards in use, by our id or the gateway's. */
export async function findOwnSavedMethod(db: Executor, userId: number, ref: number | string) {
  const byRef =
    typeof ref === 'number' ? eq(savedPaymentMethods.id, ref) : eq(savedPaymentMethods.gatewayMethodId, ref)
  return firstRow(db, savedPaymentMethods, and(activeMethodsOf(userId), byRef))
}

/** Stores a card once (a redelivered card event changes nothing); the first card becomes the default. */
export async function insertSavedMethod(
  tx: Executor,
  card: Omit<typeof savedPaymentMethods.$inferInsert, 'isDefault'>,
  makeDefault: boolean,
) {
  const existing = await listSavedMethods(tx, card.userId)
  // The same card saved again (same fingerprint) stays one card: its details are refreshed instead.
  const same = card.fingerprint
    ? existing.find((row) => row.gateway === card.gateway && row.fingerprint === card.fingerprint)
    : undefined
  if (same) {
    if (makeDefault) await setDefaultSavedMethod(tx, card.userId, same.id)
    return updateRows(tx, savedPaymentMethods, eq(savedPaymentMethods.id, same.id), {
      brand: card.brand,
      lastFour: card.lastFour,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
  }
  const isDefault = makeDefault || existing.length === 0
  if (isDefault)
    await tx
      .update(savedPaymentMethods)
      .set({ isDefault: false })
      .where(eq(savedPaymentMethods.userId, card.userId))
  const [row] = await tx
    .insert(savedPaymentMethods)
    .values({ ...card, isDefault })
    .onConflictDoNothing()
    .returning()
  return row
}

/** Makes one of the client's cards the default and every other one not; answers whether the card was theirs. */
export async function setDefaultSavedMethod(tx: Executor, userId: number, id: number): Promise<boolean> {
  const where = and(eq(savedPaymentMethods.id, id), activeMethodsOf(userId))
  const target = await firstRow(tx, savedPaymentMethods, where, 'update')
  if (!target) return false
  await tx
    .update(savedPaymentMethods)
    .set({ isDefault: sql`${savedPaymentMethods.id} = ${id}` })
    .where(eq(savedPaymentMethods.userId, userId))
  return true
}

export async function deleteSavedMethod(db: Executor, id: number) {
  const [row] = await db.delete(savedPaymentMethods).where(eq(savedPaymentMethods.id, id)).returning()
  if (row?.isDefault) {
    // The newest remaining card becomes the default.
    await db.execute(
      sql`update ${savedPaymentMethods} set is_default = true where id = (select id from ${savedPaymentMethods} where user_id = ${row.userId} and is_active order by id desc limit 1)`,
    )
  }
}
