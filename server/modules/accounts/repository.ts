import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import type { StaffClientQuery } from '@/contract/accounts-staff'
import type { Executor } from '../../db/client'
import { firstOf, firstRow, listPage } from '../../db/rows'
import {
  apps,
  clients,
  emailChanges,
  portalProjectAccess,
  portalProjects,
  totpSecrets,
  users,
} from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'
import { searchIn } from '../../lib/search'

export async function updateNames(
  db: Executor,
  userId: number,
  names: { firstName: string; lastName: string },
) {
  await db.update(users).set(names).where(eq(users.id, userId))
}

export async function updateClientProfile(
  db: Executor,
  userId: number,
  profile: { companyName: string; phone: string; newsletter: boolean },
) {
  await db.update(clients).set(profile).where(eq(clients.userId, userId))
}

export async function emailInUse(db: Executor, email: string, exceptUserId: number): Promise<boolean> {
  const row = await firstOf(
    db.select({ id: users.id }).from(users).$dynamic(),
    eq(sql`lower(${users.email})`, email.toLowerCase()),
  )
  return !!row && row.id !== exceptUserId
}

export async function insertEmailChange(db: Executor, values: typeof emailChanges.$inferInsert) {
  await db.insert(emailChanges).values(values)
}

/** An unused, unexpired change request by its token hash. */
export async function findOpenEmailChange(db: Executor, tokenHash: string) {
  return firstRow(
    db,
    emailChanges,
    and(
      eq(emailChanges.tokenHash, tokenHash),
      isNull(emailChanges.usedAt),
      gt(emailChanges.expiresAt, new Date()),
    ),
  )
}

/** Closes every open change request of a user (the used one and any older ones). */
export async function closeEmailChanges(db: Executor, userId: number) {
  await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)))
}

export async function setEmail(db: Executor, userId: number, email: string) {
  // The change is applied only from the link sent to the new address: that proves it as well.
  await db.update(users).set({ email, emailVerifiedAt: new Date() }).where(eq(users.id, userId))
}

export async function listClientOptions(db: Executor) {
  return db
    .select({ id: clients.id, companyName: clients.companyName, email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .orderBy(asc(clients.companyName), asc(clients.id))
}

/* The console's client queries (staff-changes.ts holds the rules). */

const rowColumns = {
  id: clients.id,
  companyName: clients.companyName,
  phone: clients.phone,
  address: clients.address,
  createdAt: clients.createdAt,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  twoFactor: sql<boolean>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${users.id} and ${totpSecrets.confirmedAt} is not null)`,
  projectsCount:
    sql<number>`(select count(*) from ${portalProjectAccess} where ${portalProjectAccess.clientId} = ${clients.id})`.mapWith(
      Number,
    ),
  appsCount: sql<number>`(select count(*) from ${apps} where ${apps.clientId} = ${clients.id})`.mapWith(
    Number,
  ),
}

export async function listStaffClients(
  db: Executor,
  query: Omit<StaffClientQuery, 'page'>,
  window: PageWindow,
) {
  const parts: (SQL | undefined)[] = []
  if (query.active !== undefined) parts.push(eq(users.isActive, query.active))
  parts.push(searchIn(query.search, [clients.companyName, users.email, users.firstName, users.lastName]))
  const order =
    query.sort === 'newest'
      ? [desc(clients.createdAt), desc(clients.id)]
      : query.sort === 'last_login'
        ? [sql`${users.lastLoginAt} desc nulls last`, asc(clients.id)]
        : [asc(clients.companyName), asc(clients.id)]
  return listPage(
    db,
    db.select(rowColumns).from(clients).innerJoin(users, eq(users.id, clients.userId)).$dynamic(),
    {
      where: parts,
      orderBy: order,
      window,
    },
  )
}

export async function findStaffClient(db: Executor, clientId: number) {
  return firstOf(
    db.select(rowColumns).from(clients).innerJoin(users, eq(users.id, clients.userId)).$dynamic(),
    eq(clients.id, clientId),
  )
}

/** The client's projects (last changed first) and apps (by name). */
export async function clientProjectsAndApps(db: Executor, clientId: number) {
  const [projects, clientApps] = await Promise.all([
    db
      .select({
        id: portalProjects.id,
        name: portalProjects.name,
        status: portalProjects.status,
        progress: portalProjects.progress,
      })
      .from(portalProjectAccess)
      .innerJoin(portalProjects, eq(portalProjects.id, portalProjectAccess.projectId))
      .where(eq(portalProjectAccess.clientId, clientId))
      .orderBy(desc(portalProjects.updatedAt)),
    db
      .select({ id: apps.id, name: apps.name, status: apps.status })
      .from(apps)
      .where(eq(apps.clientId, clientId))
      .orderBy(asc(apps.name)),
  ])
  return { projects, apps: clientApps }
}

/** The user behind a client company. */
export async function findClientUser(db: Executor, clientId: number) {
  const row = await firstOf(
    db.select({ user: users }).from(clients).innerJoin(users, eq(users.id, clients.userId)).$dynamic(),
    eq(clients.id, clientId),
  )
  return row?.user
}

/** A client account: its user and its company. Answers the client's id. */
export async function insertClientAccount(
  tx: Executor,
  user: Pick<typeof users.$inferInsert, 'email' | 'passwordHash' | 'firstName' | 'lastName'>,
  companyName: string,
) {
  const [created] = await tx
    .insert(users)
    .values({ ...user, role: 'client' })
    .returning({ id: users.id })
  if (!created) throw new Error('user not created')
  const [client] = await tx
    .insert(clients)
    .values({ userId: created.id, companyName })
    .returning({ id: clients.id })
  if (!client) throw new Error('client not created')
  return { userId: created.id, clientId: client.id }
}

export async function setUserActive(tx: Executor, userId: number, active: boolean) {
  await tx.update(users).set({ isActive: active }).where(eq(users.id, userId))
}
