import { usagePercentage, type App, type AppDetails, type Subscription } from '@/contract/apps'
import type { Database } from '../../db/client'
import type { appSubscriptions } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { pageWindow } from '../../lib/pagination'
import type { Caller } from '../../plugins/auth'
import * as repo from './repository'

/** The dashboard filters and counts apps on the client, so one page holds all of a client's apps. */
export const APPS_PAGE_SIZE = 100
export const RECENT_MESSAGES = 10

function toSubscription(row: typeof appSubscriptions.$inferSelect): Subscription {
  return {
    id: row.id,
    package_type: row.packageType,
    package_name: row.packageName,
    messages_used: row.messagesUsed,
    messages_limit: row.messagesLimit,
    usage_percentage: usagePercentage(row.messagesUsed, row.messagesLimit),
    start_date: row.startDate.toISOString(),
    end_date: row.endDate?.toISOString() ?? null,
  }
}

/** A subscription counts as active until its end date. */
function isActive(row: typeof appSubscriptions.$inferSelect, now: Date): boolean {
  return row.startDate <= now && (row.endDate === null || row.endDate > now)
}

export async function listApps(db: Database, caller: Caller, page: number) {
  const { count, rows } = await repo.listApps(db, caller.userId, pageWindow(page, APPS_PAGE_SIZE))
  const subscriptions = await repo.subscriptionsOf(
    db,
    rows.map((r) => r.app.id),
  )
  const results: App[] = rows.map(({ app, companyName }) => ({
    id: app.id,
    name: app.name,
    description: app.description,
    status: app.status,
    created_at: app.createdAt.toISOString(),
    api_key: app.apiKey,
    client: { company_name: companyName },
    subscriptions: subscriptions.filter((s) => s.appId === app.id).map(toSubscription),
  }))
  return { page, pageSize: APPS_PAGE_SIZE, count, results }
}

export async function appDetails(db: Database, caller: Caller, appId: number): Promise<AppDetails> {
  const row = await repo.findApp(db, caller.userId, appId)
  if (!row) throw notFound()
  const { app, companyName } = row
  const [subscriptions, totalMessages, recent] = await Promise.all([
    repo.subscriptionsOf(db, [app.id]),
    repo.countMessages(db, app.id),
    repo.recentMessages(db, app.id, RECENT_MESSAGES),
  ])
  const now = new Date()
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    status: app.status,
    api_key: app.apiKey,
    created_at: app.createdAt.toISOString(),
    client: { company_name: companyName },
    statistics: {
      total_messages: totalMessages,
      active_subscriptions: subscriptions.filter((s) => isActive(s, now)).length,
    },
    subscriptions: subscriptions.map(toSubscription),
    recent_messages: recent.map((m) => ({
      id: m.id,
      type: m.type,
      sent_to: m.sentTo,
      subject: m.subject,
      created_at: m.createdAt.toISOString(),
    })),
  }
}
