import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { ACTIVE_PROJECT_STATUSES } from '@/contract/portal'
import type { Executor } from '../../db/client'
import { allRows, firstRow, listPage, rowExists } from '../../db/rows'
import {
  appMessages,
  apps,
  clients,
  portalMilestones,
  portalProjectAccess,
  portalProjectLinks,
  portalProjectMembers,
  portalProjects,
  portalUserStories,
  users,
} from '../../db/schema'
import type { Caller } from '../../plugins/auth'
import type { PageWindow } from '../../lib/pagination'

/**
 * The one ownership rule of the portal: staff see every project; a client sees a project only through
 * an access row of its own. Everything else answers 404, never 403, so ids reveal nothing.
 */
export function projectVisibleTo(caller: Caller, projectId: AnyPgColumn | SQL): SQL {
  if (caller.role === 'staff') return sql`true`
  return sql`exists (select 1 from ${portalProjectAccess} inner join ${clients} on ${clients.id} = ${portalProjectAccess.clientId} where ${portalProjectAccess.projectId} = ${projectId} and ${clients.userId} = ${caller.userId})`
}

/** The project `projectId` (a column of the outer query) is shared with client `clientId`: it has an access row for that client. */
export function projectSharedWith(db: Executor, clientId: number, projectId: AnyPgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(portalProjectAccess)
      .where(and(eq(portalProjectAccess.projectId, projectId), eq(portalProjectAccess.clientId, clientId))),
  )
}

/** Whether the caller may read the project; false for unknown ids too. */
export async function canReadProject(db: Executor, caller: Caller, projectId: number): Promise<boolean> {
  return rowExists(
    db,
    portalProjects,
    and(eq(portalProjects.id, projectId), projectVisibleTo(caller, portalProjects.id)),
  )
}

/** A message whose delivery was attempted (the success rate's whole). */
const FINISHED_MESSAGE = sql`${appMessages.status} in ('sent', 'delivered', 'failed', 'undelivered')`

/**
 * Everything the dashboard's stat cards show now, in one round trip and one pass over the message log:
 * a prepared statement, built once per database (on PostgreSQL also parsed and planned once per
 * connection), since the dashboard reads it more than anything else of a client's.
 */
function prepareOverview(db: Executor) {
  const messages = db
    .select({
      contacts: sql<number>`count(distinct ${appMessages.sentTo})`.mapWith(Number).as('contacts'),
      delivered: sql<number>`count(*) filter (where ${appMessages.status} = 'delivered')`
        .mapWith(Number)
        .as('delivered'),
      attempted: sql<number>`count(*) filter (where ${FINISHED_MESSAGE})`.mapWith(Number).as('attempted'),
    })
    .from(appMessages)
    .innerJoin(apps, eq(apps.id, appMessages.appId))
    // Test-key messages are not traffic.
    .where(and(eq(apps.clientId, clients.id), eq(appMessages.test, false)))
    .as('message_stats')
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: clients.companyName,
      totalApps: sql<number>`(select count(*) from ${apps} where ${apps.clientId} = ${clients.id})`.mapWith(
        Number,
      ),
      activeProjects:
        sql<number>`(select count(*) from ${portalProjectAccess} inner join ${portalProjects} on ${portalProjects.id} = ${portalProjectAccess.projectId} where ${portalProjectAccess.clientId} = ${clients.id} and ${inArray(portalProjects.status, [...ACTIVE_PROJECT_STATUSES])})`.mapWith(
          Number,
        ),
      contacts: messages.contacts,
      delivered: messages.delivered,
      attempted: messages.attempted,
    })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoinLateral(messages, sql`true`)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('client_overview_now')
}
const overviewStatements = new WeakMap<Executor, ReturnType<typeof prepareOverview>>()

export async function findOverview(db: Executor, userId: number) {
  let statement = overviewStatements.get(db)
  if (!statement) overviewStatements.set(db, (statement = prepareOverview(db)))
  const [row] = await statement.execute({ userId })
  return row
}

/**
 * The same figures as they stood when `monthStart` began (for the month-over-month trends): apps
 * created before it, projects that were running then (started before it, and still active or finished
 * on or after it), recipients and delivery outcomes of messages sent before it.
 */
export async function findOverviewThen(db: Executor, userId: number, monthStart: Date) {
  const before = sql`${appMessages.createdAt} < ${monthStart.toISOString()}`
  const monthDay = monthStart.toISOString().slice(0, 10)
  const messages = db
    .select({
      contactsThen: sql<number>`count(distinct ${appMessages.sentTo})`.mapWith(Number).as('contacts_then'),
      deliveredThen: sql<number>`count(*) filter (where ${appMessages.status} = 'delivered')`
        .mapWith(Number)
        .as('delivered_then'),
      attemptedThen: sql<number>`count(*) filter (where ${FINISHED_MESSAGE})`
        .mapWith(Number)
        .as('attempted_then'),
    })
    .from(appMessages)
    .innerJoin(apps, eq(apps.id, appMessages.appId))
    .where(and(eq(apps.clientId, clients.id), eq(appMessages.test, false), before))
    .as('message_stats_then')
  const [row] = await db
    .select({
      totalAppsThen:
        sql<number>`(select count(*) from ${apps} where ${apps.clientId} = ${clients.id} and ${apps.createdAt} < ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
      activeProjectsThen:
        sql<number>`(select count(*) from ${portalProjectAccess} inner join ${portalProjects} on ${portalProjects.id} = ${portalProjectAccess.projectId} where ${portalProjectAccess.clientId} = ${clients.id} and coalesce(${portalProjects.startDate}, ${portalProjects.createdAt}::date) < ${monthDay}::date and (${inArray(portalProjects.status, [...ACTIVE_PROJECT_STATUSES])} or (${portalProjects.status} in ('completed', 'cancelled') and ${portalProjects.endDate} >= ${monthDay}::date)))`.mapWith(
          Number,
        ),
      contactsThen: messages.contactsThen,
      deliveredThen: messages.deliveredThen,
      attemptedThen: messages.attemptedThen,
    })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoinLateral(messages, sql`true`)
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

/** The caller's project cards: one per access row, newest project first. */
export async function listClientProjects(db: Executor, userId: number, window: PageWindow) {
  const mine = and(eq(clients.userId, userId))
  return listPage(
    db,
    db
      .select({ access: portalProjectAccess, project: portalProjects })
      .from(portalProjectAccess)
      .innerJoin(clients, eq(clients.id, portalProjectAccess.clientId))
      .innerJoin(portalProjects, eq(portalProjects.id, portalProjectAccess.projectId))
      .$dynamic(),
    { where: mine, orderBy: [desc(portalProjects.createdAt), desc(portalProjects.id)], window },
  )
}

export async function findProject(db: Executor, projectId: number) {
  return firstRow(db, portalProjects, eq(portalProjects.id, projectId))
}

/** A project's milestones, in their order. */
export function projectMilestones(db: Executor, projectId: number) {
  return allRows(db, portalMilestones, eq(portalMilestones.projectId, projectId), [
    asc(portalMilestones.order),
    asc(portalMilestones.id),
  ])
}

/** A project's links, in their order. */
export function projectLinks(db: Executor, projectId: number) {
  return allRows(db, portalProjectLinks, eq(portalProjectLinks.projectId, projectId), [
    asc(portalProjectLinks.order),
    asc(portalProjectLinks.id),
  ])
}

export async function findProjectDetails(db: Executor, projectId: number) {
  const [members, stories, links, milestones] = await Promise.all([
    db
      .select({ value: count() })
      .from(portalProjectMembers)
      .where(eq(portalProjectMembers.projectId, projectId)),
    db.select({ value: count() }).from(portalUserStories).where(eq(portalUserStories.projectId, projectId)),
    projectLinks(db, projectId),
    projectMilestones(db, projectId),
  ])
  return {
    membersCount: members[0]?.value ?? 0,
    userStoriesCount: stories[0]?.value ?? 0,
    links,
    milestones,
  }
}
