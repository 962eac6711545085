import { fromMinorUnits } from '@/contract/common'
import {
  CLIENT_PROJECTS_PAGE_SIZE,
  type ClientOverview,
  type ClientProjectCard,
  type ProjectOverview,
} from '@/contract/portal'
import type { Database } from '../../db/client'
import { answerChangesAt, readFrom, readRecorded, type Recording } from '../../lib/data-versions'
import { notFound } from '../../lib/errors'
import { pageWindow } from '../../lib/pagination'
import type { Caller } from '../../plugins/auth'
import { OverviewCache } from './overview-cache'
import * as repo from './repository'

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0)

/** Change of a count since the month began, in percent of its figure then; null when it was 0. */
function countTrend(now: number, then: number): number | null {
  return then > 0 ? Math.round(((now - then) / then) * 1000) / 10 : null
}

/** Change of a rate since the month began, in percentage points; null when there was no rate then. */
function rateTrend(part: number, whole: number, partThen: number, wholeThen: number): number | null {
  if (whole === 0 || wholeThen === 0) return null
  return Math.round((part / whole - partThen / wholeThen) * 1000) / 10
}

/**
 * The figures as they stood when the month began change only when records dated before it change
 * (rare: staff correcting a project's dates): each instance keeps them for a while per client and month,
 * so the dashboard's frequent reads pay only for the current figures.
 */
export const OVERVIEW_THEN_TTL_MS = 10 * 60 * 1000
const OVERVIEW_THEN_MAX_ENTRIES = 10_000
type OverviewThen = NonNullable<Awaited<ReturnType<typeof repo.findOverviewThen>>>
const overviewThenCache = new WeakMap<
  Database,
  Map<string, { at: number; row: OverviewThen; read: Recording }>
>()

async function overviewThen(db: Database, userId: number, monthStart: Date, now: number) {
  let cache = overviewThenCache.get(db)
  if (!cache) overviewThenCache.set(db, (cache = new Map()))
  const key = `${userId}:${monthStart.toISOString()}`
  const hit = cache.get(key)
  if (hit && now - hit.at < OVERVIEW_THEN_TTL_MS) {
    readFrom(hit.read)
    return hit.row
  }
  const { value: row, read } = await readRecorded(() => repo.findOverviewThen(db, userId, monthStart))
  if (!row) return null
  if (cache.size >= OVERVIEW_THEN_MAX_ENTRIES) cache.clear()
  cache.set(key, { at: now, row, read })
  return row
}

type OverviewNow = NonNullable<Awaited<ReturnType<typeof repo.findOverview>>>
/** The current figures per user, kept while the embedded database reports no change to them. */
export const createOverviewCache = () => new OverviewCache<OverviewNow>()

export async function overview(
  db: Database,
  caller: Caller,
  now = new Date(),
  cache?: OverviewCache<OverviewNow>,
): Promise<ClientOverview> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  // The trends compare with the month's start: a kept answer ends when the next month begins.
  answerChangesAt(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const load = () => repo.findOverview(db, caller.userId)
  const [current, then] = await Promise.all([
    cache ? cache.get(caller.userId, load) : load(),
    overviewThen(db, caller.userId, monthStart, Date.now()),
  ])
  if (!current || !then) throw notFound()
  const row = { ...current, ...then }
  return {
    client: {
      user: { first_name: row.firstName, last_name: row.lastName },
      company_name: row.companyName ?? '',
      contacts_count: row.contacts,
    },
    overview: {
      total_apps: row.totalApps,
      active_projects: row.activeProjects,
      success_rate: percent(row.delivered, row.attempted),
    },
    trends: {
      total_apps: countTrend(row.totalApps, row.totalAppsThen),
      active_projects: countTrend(row.activeProjects, row.activeProjectsThen),
      contacts: countTrend(row.contacts, row.contactsThen),
      success_rate: rateTrend(row.delivered, row.attempted, row.deliveredThen, row.attemptedThen),
    },
  }
}

export async function listProjects(db: Database, caller: Caller, page: number) {
  const { count, rows } = await repo.listClientProjects(
    db,
    caller.userId,
    pageWindow(page, CLIENT_PROJECTS_PAGE_SIZE),
  )
  const results: ClientProjectCard[] = rows.map(({ access, project }) => ({
    id: access.id,
    project: project.id,
    project_name: project.name,
    project_logo: project.logoUrl,
    logo: project.logoUrl,
    description: project.description,
    created_at: project.createdAt.toISOString(),
    project_key: project.key,
    access_level: access.accessLevel,
    project_status: project.status,
  }))
  return { page, pageSize: CLIENT_PROJECTS_PAGE_SIZE, count, results }
}

export async function projectOverview(
  db: Database,
  caller: Caller,
  projectId: number,
): Promise<ProjectOverview> {
  if (!(await repo.canReadProject(db, caller, projectId))) throw notFound()
  const project = await repo.findProject(db, projectId)
  if (!project) throw notFound()
  const details = await repo.findProjectDetails(db, projectId)
  const paidMinor = details.milestones
    .filter((m) => m.status === 'paid')
    .reduce((sum, m) => sum + m.amountMinor, 0)
  return {
    id: project.id,
    name: project.name,
    key: project.key,
    description: project.description,
    logo: project.logoUrl,
    status: project.status,
    priority: project.priority,
    start_date: project.startDate,
    end_date: project.endDate,
    members_count: details.membersCount,
    user_stories_count: details.userStoriesCount,
    progress: project.progress,
    website_url: project.websiteUrl,
    dashboard_url: project.dashboardUrl,
    links: details.links.map((l) => ({ link_type: l.linkType, url: l.url, title: l.title })),
    financial: {
      total_budget: fromMinorUnits(project.totalBudgetMinor),
      amount_paid: fromMinorUnits(paidMinor),
      remaining_budget: fromMinorUnits(Math.max(project.totalBudgetMinor - paidMinor, 0)),
      progress_percentage: percent(paidMinor, project.totalBudgetMinor),
    },
    milestones: details.milestones.map(toMilestone),
  }
}

/** A milestone as the client's project page and the staff console show it. */
export function toMilestone(m: Awaited<ReturnType<typeof repo.projectMilestones>>[number]) {
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    amount: fromMinorUnits(m.amountMinor),
    status: m.status,
    due_date: m.dueDate,
    order: m.order,
  }
}
