import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { site } from '@/contract/site'
import type { ClientOption } from '@/contract/accounts-staff'
import {
  staffClientMessages,
  type InviteClientInput,
  type StaffClientDetail,
  type StaffClientQuery,
  type StaffClientRow,
} from '@/contract/accounts-staff'
import type { Mailer } from '../../adapters/mail'
import type { Database, Executor } from '../../db/client'
import { apps, clients, portalProjectAccess, portalProjects, totpSecrets, users } from '../../db/schema'
import { recordAudit, type AuditContext } from '../../lib/audit'
import { badRequest, notFound } from '../../lib/errors'
import { pageWindow, type ListPage } from '../../lib/pagination'
import { hashPassword } from '../../lib/password'
import { likePattern } from '../../lib/search'
import type { SessionState } from '../../plugins/session-state'
import { deleteTwoFactor, isUniqueViolation, revokeAllSessions } from '../auth'
import { listClientOptions } from './repository'

/*
 * Staff management of client accounts (issue 15): list, one client with its projects and apps, invite,
 * deactivate (ending every session through the auth module), and reset two-factor with a reason.
 */

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

type Row = {
  id: number
  companyName: string
  phone: string
  createdAt: Date
  userId: number
  email: string
  firstName: string
  lastName: string
  isActive: boolean
  lastLoginAt: Date | null
  twoFactor: boolean
  projectsCount: number
  appsCount: number
}

function toRow(row: Row): StaffClientRow {
  return {
    id: row.id,
    company_name: row.companyName,
    user: {
      id: row.userId,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      is_active: row.isActive,
      two_factor: Boolean(row.twoFactor),
      last_login_at: row.lastLoginAt?.toISOString() ?? null,
    },
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    projects_count: row.projectsCount,
    apps_count: row.appsCount,
  }
}

export async function listStaffClients(
  db: Executor,
  query: StaffClientQuery,
  pageSize: number,
): Promise<ListPage<StaffClientRow>> {
  const parts: SQL[] = []
  if (query.active !== undefined) parts.push(eq(users.isActive, query.active))
  if (query.search) {
    const pattern = likePattern(query.search)
    const match = or(
      ilike(clients.companyName, pattern),
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
    )
    if (match) parts.push(match)
  }
  const where = and(...parts)
  const order =
    query.sort === 'newest'
      ? [desc(clients.createdAt), desc(clients.id)]
      : query.sort === 'last_login'
        ? [sql`${users.lastLoginAt} desc nulls last`, asc(clients.id)]
        : [asc(clients.companyName), asc(clients.id)]
  const [total] = await db
    .select({ value: count() })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(where)
  const window = pageWindow(query.page, pageSize)
  const rows = await db
    .select(rowColumns)
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
  return { page: query.page, pageSize, count: total?.value ?? 0, results: rows.map(toRow) }
}

export async function staffClientDetail(db: Executor, clientId: number): Promise<StaffClientDetail> {
  const [row] = await db
    .select(rowColumns)
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1)
  if (!row) throw notFound()
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
  return { ...toRow(row), address: row.address, projects, apps: clientApps }
}

/** The user behind a client company; staff accounts are not managed here. */
async function clientUser(db: Executor, clientId: number) {
  const [row] = await db
    .select({ user: users })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1)
  if (!row) throw notFound()
  return row.user
}

export interface ClientStaffDeps {
  db: Database
  mailer: Mailer
  sessionState: SessionState
  passwordHashCost: number
  publicUrl: string
}

/**
 * Creates a client account with an unusable random password and e-mails the invitation: the invitee
 * chooses a password through the password recovery page, which proves they own the address.
 */
export async function inviteClient(deps: ClientStaffDeps, input: InviteClientInput, audit: AuditContext) {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), deps.passwordHashCost)
  let clientId: number
  try {
    clientId = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role: 'client',
        })
        .returning({ id: users.id })
      if (!user) throw new Error('user not created')
      const [client] = await tx
        .insert(clients)
        .values({ userId: user.id, companyName: input.company_name })
        .returning({ id: clients.id })
      if (!client) throw new Error('client not created')
      await recordAudit(tx, audit, {
        action: 'client.invite',
        entityType: 'client',
        entityId: client.id,
        summary: `${input.email} invited for ${input.company_name}`,
        before: null,
        after: { ...input, user: user.id },
      })
      return client.id
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw badRequest(staffClientMessages.emailTaken, { email: [staffClientMessages.emailTaken] })
    throw error
  }
  await deps.mailer.send({
    to: input.email,
    subject: `Your ${site.name} client portal account`,
    template: 'client-invitation',
    text: [
      `Hello ${input.first_name},`,
      '',
      `The ${site.name} team opened a client portal account for ${input.company_name} with this address.`,
      `Choose your password here: ${deps.publicUrl}/forgot-password (enter ${input.email} and follow the code we send).`,
      `Then sign in at ${deps.publicUrl}/login to follow your projects and tickets.`,
      '',
      `The ${site.name} team`,
    ].join('\n'),
  })
  return staffClientDetail(deps.db, clientId)
}

/** Deactivation stops sign-in and ends every session at once; activation lets the user sign in again. */
export async function setClientActive(
  deps: ClientStaffDeps,
  clientId: number,
  active: boolean,
  audit: AuditContext,
) {
  const user = await clientUser(deps.db, clientId)
  if (user.isActive !== active) {
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: active }).where(eq(users.id, user.id))
      if (!active)
        await revokeAllSessions({ db: tx, sessionState: deps.sessionState }, user.id, 'deactivated by staff')
      await recordAudit(tx, audit, {
        action: active ? 'user.activate' : 'user.deactivate',
        entityType: 'user',
        entityId: user.id,
        summary: `${user.email} ${active ? 'activated' : 'deactivated'}`,
        before: { is_active: user.isActive },
        after: { is_active: active },
      })
    })
  }
  return staffClientDetail(deps.db, clientId)
}

/** Removes the user's authenticator and recovery codes (they set it up again); the reason is logged. */
export async function resetClientTwoFactor(
  deps: ClientStaffDeps,
  clientId: number,
  reason: string,
  audit: AuditContext,
) {
  const user = await clientUser(deps.db, clientId)
  await deps.db.transaction(async (tx) => {
    await deleteTwoFactor(tx, user.id)
    await revokeAllSessions({ db: tx, sessionState: deps.sessionState }, user.id, 'two-factor reset by staff')
    await recordAudit(tx, audit, {
      action: 'user.reset_two_factor',
      entityType: 'user',
      entityId: user.id,
      summary: `Two-factor sign-in of ${user.email} reset: ${reason}`,
      before: null,
      after: { reason },
    })
  })
  return staffClientDetail(deps.db, clientId)
}

/** Every client company, for the console's filters and the project form. */
export async function clientOptions(db: Database): Promise<ClientOption[]> {
  const rows = await listClientOptions(db)
  return rows.map((r) => ({ id: r.id, company_name: r.companyName, email: r.email }))
}
