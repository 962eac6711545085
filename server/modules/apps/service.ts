import {
  ANALYTICS_DAYS,
  APP_NAME_MAX,
  KEY_OVERLAP_HOURS,
  PAYMENT_METHODS,
  pendingAppMessages,
  SERVICE_TYPES,
  usagePercentage,
  wizardMessages,
  type App,
  type AppDetails,
  type CreateAppResponse,
  type DailyMessages,
  type PaymentMethodName,
  type ServiceType,
  type Subscription,
} from '@/contract/apps'
import { fromMinorUnits } from '@/contract/common'
import { PAYABLE_ORDER_STATUSES } from '@/contract/payments'
import type { Database, Executor } from '../../db/client'
import type { appSubscriptions, messagingPackages } from '../../db/schema'
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors'
import { pageWindow } from '../../lib/pagination'
import type { Caller } from '../../plugins/auth'
import { generateApiKey, hashApiKey, maskApiKey, type KeySealer } from './api-keys'
import { cancelOwnOrder } from '../payments'
import * as repo from './repository'
import { answerChangesAt } from '../../lib/data-versions'

/** The dashboard filters and counts apps on the client, so one page holds all of a client's apps. */
export const APPS_PAGE_SIZE = 100
export const RECENT_MESSAGES = 10
const DAY = 86_400_000

export interface AppsDeps {
  db: Database
  sealer: KeySealer
}

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

/** A subscription counts as active from its start until its end date. */
function isActive(row: typeof appSubscriptions.$inferSelect, now: Date): boolean {
  // A kept answer goes stale when a subscription starts or ends.
  if (row.startDate > now) answerChangesAt(row.startDate)
  else if (row.endDate !== null && row.endDate > now) answerChangesAt(row.endDate)
  return row.startDate <= now && (row.endDate === null || row.endDate > now)
}

/** The list shows each key masked (its first 8 characters); only the detail endpoint reveals it. */
export async function listApps(db: Database, caller: Caller, page: number) {
  const { count, rows } = await repo.listApps(db, caller.userId, pageWindow(page, APPS_PAGE_SIZE))
  const ids = rows.map((r) => r.app.id)
  const [subscriptions, keys] = await Promise.all([repo.subscriptionsOf(db, ids), repo.currentKeys(db, ids)])
  const results: App[] = rows.map(({ app, companyName }) => {
    const key = keys.find((k) => k.appId === app.id && !k.test)
    return {
      id: app.id,
      name: app.name,
      description: app.description,
      status: app.status,
      created_at: app.createdAt.toISOString(),
      api_key: key ? maskApiKey(key.keyPrefix) : null,
      client: { company_name: companyName },
      subscriptions: subscriptions.filter((s) => s.appId === app.id).map(toSubscription),
    }
  })
  return { page, pageSize: APPS_PAGE_SIZE, count, results }
}

const round1 = (value: number) => Math.round(value * 10) / 10

function utcMonthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1))
}

/** The last `ANALYTICS_DAYS` UTC days, oldest first, each with its count per channel. */
function fillDays(
  rows: { day: string; type: ServiceType; value: number; segments: number }[],
  now: Date,
): DailyMessages[] {
  const days: DailyMessages[] = []
  for (let i = ANALYTICS_DAYS - 1; i >= 0; i--) {
    const date = new Date(now.getTime() - i * DAY).toISOString().slice(0, 10)
    days.push({ date, sms: 0, email: 0, whatsapp: 0, segments: 0 })
  }
  for (const row of rows) {
    const entry = days.find((d) => d.date === row.day)
    if (!entry) continue
    entry[row.type] += row.value
    entry.segments += row.segments
  }
  return days
}

export async function appDetails(deps: AppsDeps, caller: Caller, appId: number): Promise<AppDetails> {
  const { db } = deps
  const row = await repo.findApp(db, caller.userId, appId)
  if (!row) throw notFound()
  const { app, companyName } = row
  const now = new Date()
  const firstDay = new Date(now.getTime() - (ANALYTICS_DAYS - 1) * DAY)
  firstDay.setUTCHours(0, 0, 0, 0)
  // A kept answer goes stale at the next UTC midnight (the analytics window and the month move then).
  answerChangesAt(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  const [subscriptions, figures, recent, daily, keys, order] = await Promise.all([
    repo.subscriptionsOf(db, [app.id]),
    repo.messageFigures(db, app.id, utcMonthStart(now, 0), utcMonthStart(now, 1)),
    repo.recentMessages(db, app.id, RECENT_MESSAGES),
    repo.dailyMessages(db, app.id, firstDay),
    repo.currentKeys(db, [app.id]),
    app.status === 'pending' ? repo.findAppOrder(db, caller.userId, app.id) : undefined,
  ])
  const key = keys.find((k) => !k.test)
  const testKey = keys.find((k) => k.test)
  const total = figures?.total ?? 0
  const delivered = figures?.delivered ?? 0
  const failed = figures?.failed ?? 0
  const attempts = figures?.attempts ?? 0
  const average = figures?.averageSeconds ?? null
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    status: app.status,
    api_key: key ? deps.sealer.open(key.keyCiphertext) : null,
    test_api_key: testKey ? deps.sealer.open(testKey.keyCiphertext) : null,
    callback_url: app.callbackUrl,
    created_at: app.createdAt.toISOString(),
    client: { company_name: companyName },
    statistics: {
      total_messages: total,
      active_subscriptions: subscriptions.filter((s) => isActive(s, now)).length,
      delivered,
      failed,
      pending: total - delivered - failed,
      segments: figures?.segments ?? 0,
      delivery_rate: delivered + failed > 0 ? round1((delivered / (delivered + failed)) * 100) : null,
      average_response_seconds: average === null ? null : Math.round(average * 100) / 100,
      uptime: attempts > 0 ? round1(((attempts - (figures?.failedAttempts ?? 0)) / attempts) * 100) : null,
      messages_this_month: figures?.thisMonth ?? 0,
      messages_last_month: figures?.lastMonth ?? 0,
    },
    daily_messages: fillDays(daily, now),
    subscriptions: subscriptions.map(toSubscription),
    recent_messages: recent.map((m) => ({
      id: m.id,
      type: m.type,
      sent_to: m.sentTo,
      subject: m.subject,
      status: m.status,
      segments: m.segments,
      test: m.test,
      created_at: m.createdAt.toISOString(),
    })),
    pending_order_id: order && PAYABLE_ORDER_STATUSES.includes(order.status) ? order.id : null,
  }
}

/**
 * 'Cancel payment' on a pending app: its unpaid order is cancelled and the app is marked cancelled (it
 * never sends). A payment the gateway confirms afterwards still activates it (`activateApp`), since the
 * money was taken.
 */
export async function cancelAppPayment(deps: AppsDeps, caller: Caller, appId: number): Promise<void> {
  const row = await repo.findApp(deps.db, caller.userId, appId)
  if (!row) throw notFound()
  if (row.app.status !== 'pending') throw conflict(pendingAppMessages.notPending)
  const order = await repo.findAppOrder(deps.db, caller.userId, appId)
  if (!order) throw conflict(pendingAppMessages.notPending)
  await deps.db.transaction(async (tx) => {
    await cancelOwnOrder(tx, caller.userId, order.id, { notCancellable: pendingAppMessages.alreadyPaid })
    const [current] = await repo.findAppStatus(tx, appId)
    // The payment was confirmed while we waited for the order's lock: the app is active, leave it.
    if (current?.status === 'pending') await repo.setAppStatus(tx, appId, 'cancelled')
  })
}

/** Stores a new key for the app (hashed and sealed) and returns it in full, once. */
export async function issueKey(
  db: Executor,
  sealer: KeySealer,
  appId: number,
  test = false,
): Promise<string> {
  const key = generateApiKey(test)
  await repo.insertKey(db, {
    appId,
    keyHash: hashApiKey(key),
    keyPrefix: key.slice(0, test ? 17 : 12),
    keyCiphertext: sealer.seal(key),
    test,
  })
  return key
}

/** Gives every app from before test keys existed its test key (idempotent on several instances). */
export async function issueMissingTestKeys(deps: AppsDeps): Promise<number> {
  const missing = await repo.appsWithoutTestKey(deps.db)
  for (const { id } of missing) await issueKey(deps.db, deps.sealer, id, true)
  return missing.length
}

/**
 * Reset App: a new key; the previous one keeps working for 24 hours so the client's systems can
 * switch over (a key already rotated out keeps its own, earlier end).
 */
export async function rotateKey(deps: AppsDeps, caller: Caller, appId: number) {
  const row = await repo.findApp(deps.db, caller.userId, appId)
  if (!row) throw notFound()
  if (row.app.status === 'inactive') throw new ApiError(409, 'A deleted app has no API key to reset.')
  return deps.db.transaction(async (tx) => {
    const overlapEnd = new Date(Date.now() + KEY_OVERLAP_HOURS * 3_600_000)
    const previousEnd = await repo.expireCurrentKeys(tx, appId, overlapEnd)
    const key = await issueKey(tx, deps.sealer, appId)
    return { api_key: key, previous_key_expires_at: previousEnd?.toISOString() ?? null }
  })
}

/** Delete App: deactivates the app after the typed confirmation; its keys stop working at once. */
export async function deleteApp(deps: AppsDeps, caller: Caller, appId: number, confirmName: string) {
  const row = await repo.findApp(deps.db, caller.userId, appId)
  if (!row) throw notFound()
  if (confirmName.trim() !== row.app.name.trim())
    throw badRequest('Type the app name exactly to confirm.', {
      confirm_name: ['Type the app name exactly to confirm.'],
    })
  await deps.db.transaction(async (tx) => {
    await repo.setAppStatus(tx, appId, 'inactive')
    await repo.revokeKeys(tx, appId, new Date())
  })
}

/**
 * Moves keys still kept in clear text (from before keys were sealed, and the demo seed's) into
 * `app_api_keys`, hashed and encrypted, and clears them. Safe to run on several instances at once.
 */
export async function sealClearTextKeys(deps: AppsDeps): Promise<number> {
  let sealed = 0
  for (const { id, apiKey } of await repo.clearTextKeys(deps.db)) {
    if (!apiKey) continue
    await deps.db.transaction(async (tx) => {
      if (!(await repo.clearClearTextKey(tx, id, apiKey))) return
      await repo.insertKey(tx, {
        appId: id,
        keyHash: hashApiKey(apiKey),
        keyPrefix: apiKey.slice(0, 12),
        keyCiphertext: deps.sealer.seal(apiKey),
      })
      sealed++
    })
  }
  return sealed
}

// --- Creating an app (spec 001 §3 "App creation payload") ---------------------------------------------

type CatalogueRow = typeof messagingPackages.$inferSelect

/** Text as one service type, a list, or comma-separated text (both readings of `service_type`). */
function readServices(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(readServices)
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean)
  return []
}

function readPackageId(value: unknown): number | null {
  const raw = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null
}

export interface CheckedApp {
  name: string
  services: ServiceType[]
  packageIds: Partial<Record<ServiceType, number>>
  paymentMethod: PaymentMethodName | null
}

/** The wizard's rules (spec 001 §5), applied again on the server with the same messages. */
export function checkCreateApp(body: Record<string, unknown>): CheckedApp {
  const name = typeof body.app_name === 'string' ? body.app_name.trim() : ''
  if (!name) throw badRequest(wizardMessages.appNameRequired, { app_name: [wizardMessages.appNameRequired] })
  if (name.length > APP_NAME_MAX) {
    const message = `Ensure this field has no more than ${APP_NAME_MAX} characters.`
    throw badRequest(message, { app_name: [message] })
  }
  const selected =
    typeof body.selected_packages === 'object' &&
    body.selected_packages !== null &&
    !Array.isArray(body.selected_packages)
      ? (body.selected_packages as Record<string, unknown>)
      : {}
  const named = [
    ...readServices(body.service_type),
    ...Object.keys(selected).filter((k) => selected[k] != null),
  ]
  const unknown = named.filter((s) => !(SERVICE_TYPES as readonly string[]).includes(s))
  if (unknown.length > 0) {
    const message = `Unknown service type: ${unknown.join(', ')}. Choose from sms, email, whatsapp.`
    throw badRequest(message, { service_type: [message] })
  }
  const services = SERVICE_TYPES.filter((s) => named.includes(s))
  if (services.length === 0)
    throw badRequest(wizardMessages.serviceRequired, { service_type: [wizardMessages.serviceRequired] })
  const packageIds: Partial<Record<ServiceType, number>> = {}
  for (const service of services) {
    const id = readPackageId(selected[service])
    if (id !== null) packageIds[service] = id
  }
  const single = readPackageId(body.package_id)
  if (single !== null && services.length === 1 && services[0] && packageIds[services[0]] === undefined)
    packageIds[services[0]] = single
  const chosen = Object.keys(packageIds).length
  if (chosen === 0)
    throw badRequest(wizardMessages.packageRequired, { package_id: [wizardMessages.packageRequired] })
  const missing = services.filter((s) => packageIds[s] === undefined)
  if (missing.length > 0) {
    const message = wizardMessages.packagesMissing(missing)
    throw badRequest(message, { selected_packages: [message] })
  }
  // The method is chosen again in the shared checkout; when given here it must be one of the three.
  const method = body.payment_method
  if (
    method !== undefined &&
    method !== null &&
    (typeof method !== 'string' || !(PAYMENT_METHODS as readonly string[]).includes(method))
  )
    throw badRequest(wizardMessages.incomplete, { payment_method: ['Choose stripe, paymob or fawry.'] })
  return { name, services, packageIds, paymentMethod: (method as PaymentMethodName | undefined) ?? null }
}

/**
 * Creates the app with status pending, one subscription per selected package, its first API key and
 * the `app_package` order that pays for them; the app is activated when that order is paid
 * (`fulfilAppOrder`), whichever gateway took the money.
 */
export async function createApp(
  deps: AppsDeps,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<CreateAppResponse & { packages: CatalogueRow[]; totalMinor: number }> {
  const checked = checkCreateApp(body)
  const clientId = await repo.findClientId(deps.db, caller.userId)
  if (clientId === undefined) throw notFound('Only clients can create apps.')
  const wanted = Object.values(checked.packageIds)
  const packages = await repo.findPackages(deps.db, wanted)
  for (const service of checked.services) {
    const pkg = packages.find((p) => p.id === checked.packageIds[service])
    if (!pkg || pkg.serviceType !== service) {
      const message = `The ${service} package you chose is not available. Please choose another.`
      throw badRequest(message, { selected_packages: [message] })
    }
  }
  const chosen = checked.services.map(
    (s) => packages.find((p) => p.id === checked.packageIds[s]) as CatalogueRow,
  )
  const totalMinor = chosen.reduce((sum, p) => sum + p.priceMinor, 0)
  const app = await deps.db.transaction(async (tx) => {
    const created = await repo.insertApp(tx, {
      clientId,
      name: checked.name,
      description: `${checked.services.map((s) => s.toUpperCase()).join(', ')} messaging`,
      status: 'pending',
    })
    const now = new Date()
    await repo.insertSubscriptions(
      tx,
      chosen.map((p) => {
        const end = new Date(now)
        end.setUTCMonth(end.getUTCMonth() + p.durationMonths)
        return {
          appId: created.id,
          packageId: p.id,
          packageType: p.serviceType,
          packageName: p.name,
          messagesLimit: p.messageLimit,
          startDate: now,
          endDate: end,
        }
      }),
    )
    await issueKey(tx, deps.sealer, created.id)
    await issueKey(tx, deps.sealer, created.id, true)
    const orderId = await repo.insertAppOrder(tx, {
      userId: caller.userId,
      description: `Messaging app "${checked.name}": ${chosen.map((p) => p.name).join(', ')}`,
      amountMinor: totalMinor,
      idempotencyKey: `app-${created.id}`,
      details: { app_id: created.id, package_ids: chosen.map((p) => p.id) },
    })
    return { ...created, orderId }
  })
  return {
    success: true,
    message: wizardMessages.createdPending,
    id: app.id,
    app: { id: app.id, name: app.name, status: app.status },
    order_id: app.orderId,
    total: fromMinorUnits(totalMinor),
    packages: chosen,
    totalMinor,
  }
}

/**
 * Fulfilment of a paid app order: the app becomes active and its subscriptions start now. Runs inside
 * the payment's transaction; a second call for an active app changes nothing.
 */
export async function activateApp(db: Executor, appId: number) {
  const [row] = await repo.findAppStatus(db, appId)
  // A cancelled app whose payment the gateway confirms after all is activated: the money was taken.
  if (!row || (row.status !== 'pending' && row.status !== 'cancelled')) return
  await repo.setAppStatus(db, appId, 'active')
  await repo.startSubscriptions(db, appId, new Date())
}

type PaymentOrder = { kind: string; details: Record<string, unknown> }

/** The app an order was created for (its `app_id` detail); undefined when the order names none. */
function orderAppId(order: Pick<PaymentOrder, 'details'>): number | undefined {
  const appId = order.details.app_id
  return typeof appId === 'number' ? appId : undefined
}

/** The app an `app_package` order paid for; undefined for any other kind of order or one naming no app. */
function paidAppId(order: PaymentOrder): number | undefined {
  return order.kind === 'app_package' ? orderAppId(order) : undefined
}

/**
 * Refund listener of `app_package` orders: the app paid for by the order is suspended and its
 * subscriptions end now, so the refunded packages send nothing more (the app and its history stay).
 */
export async function suspendRefundedApp(tx: Executor, order: PaymentOrder) {
  const appId = paidAppId(order)
  if (appId === undefined) return
  await repo.setAppStatus(tx, appId, 'suspended')
  await repo.endSubscriptions(tx, appId, new Date())
}

/** An unpaid app order cancelled from the billing history: its pending app is cancelled too (it never sends). */
export async function cancelPendingApp(tx: Executor, order: PaymentOrder) {
  const appId = paidAppId(order)
  if (appId === undefined) return
  const [current] = await repo.findAppStatus(tx, appId)
  if (current?.status === 'pending') await repo.setAppStatus(tx, appId, 'cancelled')
}

/** The fulfiller of `app_package` orders: activates the app the order was created for. */
export async function fulfilAppOrder(tx: Executor, order: Pick<PaymentOrder, 'details'>) {
  const appId = orderAppId(order)
  if (appId === undefined) throw new Error('app_package order without app_id')
  await activateApp(tx, appId)
}
