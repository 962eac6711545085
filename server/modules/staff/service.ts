import { TICKET_PRIORITIES } from '@/contract/support'
import {
  EXPIRING_DOMAINS_DAYS,
  EXPIRING_DOMAINS_SHOWN,
  FAILED_JOBS_SHOWN,
  type AuditEntry,
  type StaffOverview,
  type TeamMember,
  type AuditQuery,
} from '@/contract/staff'
import type { Database } from '../../db/client'
import { listInbox } from '../../lib/inbox'
import type { ListPage } from '../../lib/pagination'
import type { JobQueue } from '../../plugins/jobs'
import { domainsExpiring } from '../domains'
import type { AnyInboxSource } from '../inquiries'
import { paidOrdersSince } from '../payments'
import { openTicketsByPriority } from '../support'
import * as repo from './repository'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The overview tiles: open tickets per priority (overdue counted), new inbox items, failed jobs, payments
 * today (since midnight UTC) and domains expiring within EXPIRING_DOMAINS_DAYS.
 */
export async function overview(
  db: Database,
  jobs: Pick<JobQueue, 'failures'>,
  sources: AnyInboxSource[],
  publicUrl: string,
  now: Date = new Date(),
): Promise<StaffOverview> {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const [tickets, inbox, failed, paid, expiring] = await Promise.all([
    openTicketsByPriority(db),
    Promise.all(
      sources.map(async (source) => {
        const page = await listInbox(db, source, { page: 1, status: 'new' }, publicUrl, 1)
        return { kind: source.kind, new: page.count }
      }),
    ),
    jobs.failures(FAILED_JOBS_SHOWN),
    paidOrdersSince(db, midnight),
    domainsExpiring(
      db,
      now,
      new Date(now.getTime() + EXPIRING_DOMAINS_DAYS * DAY_MS),
      EXPIRING_DOMAINS_SHOWN,
    ),
  ])
  const byPriority = new Map(tickets.map((t) => [t.priority, t]))
  return {
    // Most urgent first; the screen puts the overdue ones first within that.
    tickets: [...TICKET_PRIORITIES].reverse().map((priority) => ({
      priority,
      open: byPriority.get(priority)?.open ?? 0,
      overdue: byPriority.get(priority)?.overdue ?? 0,
    })),
    inbox,
    failed_jobs: {
      count: failed.count,
      latest: failed.latest.map((j) => ({
        id: j.id,
        name: j.name,
        error: j.error,
        failed_at: j.failedAt?.toISOString() ?? null,
      })),
    },
    payments_today: { count: paid.count, total_minor: paid.totalMinor, currency: 'USD' },
    expiring_domains: {
      count: expiring.count,
      soonest: expiring.rows.map((d) => ({
        id: d.id,
        domain_name: d.domainName,
        // The window's condition holds the expiry date non-null.
        expiry_date: (d.expiryDate ?? now).toISOString(),
        auto_renew: d.autoRenew,
        client: d.clientId === null ? null : { id: d.clientId, company_name: d.companyName ?? '' },
      })),
    },
  }
}

export async function listAudit(
  db: Database,
  query: AuditQuery,
  pageSize: number,
): Promise<ListPage<AuditEntry>> {
  const { count, rows } = await repo.listAudit(db, query, pageSize)
  return {
    page: query.page,
    pageSize,
    count,
    results: rows.map((row) => ({
      id: row.id,
      actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail },
      action: row.action,
      entity_type: row.entityType,
      entity_id: row.entityId,
      summary: row.summary,
      before: row.before,
      after: row.after,
      request_id: row.requestId,
      created_at: row.createdAt.toISOString(),
    })),
  }
}

export async function team(db: Database): Promise<TeamMember[]> {
  const rows = await repo.listTeam(db)
  return rows.map((r) => ({ id: r.id, first_name: r.firstName, last_name: r.lastName, email: r.email }))
}
