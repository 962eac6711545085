import { randomBytes } from 'node:crypto'
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
import { recordAudit, type AuditContext } from '../../lib/audit'
import { badRequest, notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import { hashPassword } from '../../lib/password'
import type { SessionState } from '../../plugins/session-state'
import { deleteTwoFactor, isUniqueViolation, revokeAllSessions } from '../auth'
import * as repo from './repository'

/*
 * Staff management of client accounts (issue 15): list, one client with its projects and apps, invite,
 * deactivate (ending every session through the auth module), and reset two-factor with a reason.
 */

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
  return loadPage(query.page, pageSize, (window) => repo.listStaffClients(db, query, window), toRow)
}

export async function staffClientDetail(db: Executor, clientId: number): Promise<StaffClientDetail> {
  const row = await repo.findStaffClient(db, clientId)
  if (!row) throw notFound()
  const { projects, apps: clientApps } = await repo.clientProjectsAndApps(db, clientId)
  return { ...toRow(row), address: row.address, projects, apps: clientApps }
}

/** The user behind a client company; staff accounts are not managed here. */
async function clientUser(db: Executor, clientId: number) {
  const user = await repo.findClientUser(db, clientId)
  if (!user) throw notFound()
  return user
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
      const { userId, clientId: id } = await repo.insertClientAccount(
        tx,
        { email: input.email, passwordHash, firstName: input.first_name, lastName: input.last_name },
        input.company_name,
      )
      await recordAudit(tx, audit, {
        action: 'client.invite',
        entityType: 'client',
        entityId: id,
        summary: `${input.email} invited for ${input.company_name}`,
        before: null,
        after: { ...input, user: userId },
      })
      return id
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
      await repo.setUserActive(tx, user.id, active)
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
  const rows = await repo.listClientOptions(db)
  return rows.map((r) => ({ id: r.id, company_name: r.companyName, email: r.email }))
}
