import type { Executor } from '../client'
import { appMessages, apps, appSubscriptions, clientPackages, messagingPackages } from '../schema'
import { generateApiKey } from '../../modules/apps'

const DAY = 24 * 60 * 60 * 1000
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)

/** The company's catalogue per service type: prices (USD cents), durations and message limits. */
const CATALOGUE = [
  {
    serviceType: 'sms',
    name: 'SMS Starter',
    priceMinor: 1_500,
    durationMonths: 1,
    messageLimit: 5_000,
    smsScope: 'local',
  },
  {
    serviceType: 'sms',
    name: 'SMS Msg Basic',
    priceMinor: 10_000,
    durationMonths: 12,
    messageLimit: 100_000,
    smsScope: 'local',
  },
  {
    serviceType: 'sms',
    name: 'SMS Msg Pro',
    priceMinor: 30_000,
    durationMonths: 12,
    messageLimit: 300_000,
    smsScope: 'international',
  },
  {
    serviceType: 'email',
    name: 'Email Starter',
    priceMinor: 1_000,
    durationMonths: 1,
    messageLimit: 20_000,
    smsScope: null,
  },
  {
    serviceType: 'email',
    name: 'Email Msg Basic',
    priceMinor: 8_000,
    durationMonths: 12,
    messageLimit: 200_000,
    smsScope: null,
  },
  {
    serviceType: 'whatsapp',
    name: 'WhatsApp Starter',
    priceMinor: 2_000,
    durationMonths: 3,
    messageLimit: 3_000,
    smsScope: null,
  },
  {
    serviceType: 'whatsapp',
    name: 'WhatsApp Msg Basic',
    priceMinor: 15_000,
    durationMonths: 12,
    messageLimit: 50_000,
    smsScope: null,
  },
] as const

/** Seeds the catalogue; answers each package's id by name. */
async function seedMessagingPackages(db: Executor) {
  const rows = await db
    .insert(messagingPackages)
    .values(CATALOGUE.map((p, sortOrder) => ({ ...p, sortOrder })))
    .returning({ id: messagingPackages.id, name: messagingPackages.name })
  return new Map(rows.map((r) => [r.name, r.id]))
}

/** Spec 001 §3 "Local messaging package": the four seed packages, all 1 Year and active. */
async function seedClientPackages(db: Executor, clientId: number) {
  const year = '1 Year' as const
  await db.insert(clientPackages).values([
    {
      clientId,
      name: 'SMS Msg Basic',
      priceMinor: 10_000,
      duration: year,
      messages: 100_000,
      serviceType: 'sms',
      features: ['100,000 text messages', 'Delivery reports', 'Local numbers'],
    },
    {
      clientId,
      name: 'SMS Msg Pro',
      priceMinor: 30_000,
      duration: year,
      messages: 300_000,
      serviceType: 'sms',
      features: ['300,000 text messages', 'Delivery reports', 'International numbers', 'Priority support'],
    },
    {
      clientId,
      name: 'WhatsApp Msg Basic',
      priceMinor: 15_000,
      duration: year,
      messages: 50_000,
      serviceType: 'whatsapp',
      features: ['50,000 WhatsApp messages', 'Read receipts'],
    },
    {
      clientId,
      name: 'Email Msg Basic',
      priceMinor: 8_000,
      duration: year,
      messages: 200_000,
      serviceType: 'email',
      features: ['200,000 e-mails', 'Open tracking'],
    },
  ])
}

/** Acceptance and provider timing of a seeded message (about 0.8 to 2.3 seconds). */
function timing(createdAt: Date, i: number, failed: boolean) {
  return { createdAt, sentAt: failed ? null : new Date(createdAt.getTime() + 800 + ((i * 379) % 1500)) }
}

/**
 * The demo client's messaging apps with subscriptions and delivery records. Keys are written in clear
 * text here (the seed has no access to the server's key secret) and sealed when the server starts.
 */
export async function seedApps(db: Executor, clientId: number, now: Date) {
  const catalogue = await seedMessagingPackages(db)
  await seedClientPackages(db, clientId)
  const apiKey = generateApiKey
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const plan = [
    {
      app: {
        name: 'Atlas Order Alerts',
        description: 'Order and delivery text messages for Atlas shoppers.',
      },
      status: 'active' as const,
      type: 'sms' as const,
      packageName: 'SMS Msg Pro',
      limit: 300_000,
      days: 90,
      messages: 36,
      failed: 2,
      thisMonth: 6,
    },
    {
      app: { name: 'Newsletter Hub', description: 'Monthly newsletter and product announcements.' },
      status: 'active' as const,
      type: 'email' as const,
      packageName: 'Email Msg Basic',
      limit: 200_000,
      days: 60,
      messages: 24,
      failed: 1,
      thisMonth: 4,
    },
    {
      app: { name: 'Support WhatsApp', description: 'Customer support conversations on WhatsApp.' },
      status: 'maintenance' as const,
      type: 'whatsapp' as const,
      packageName: 'WhatsApp Msg Basic',
      limit: 50_000,
      days: 400,
      messages: 12,
      failed: 0,
      thisMonth: 0,
    },
  ]
  for (const [index, item] of plan.entries()) {
    const createdAt = ago(now, (item.days + 2) * DAY)
    const [app] = await db
      .insert(apps)
      .values({ clientId, ...item.app, status: item.status, apiKey: apiKey(), createdAt })
      .returning({ id: apps.id })
    if (!app) throw new Error('app was not created')
    const startDate = ago(now, item.days * DAY)
    // The WhatsApp package ran out after a year: an expired subscription.
    const endDate = new Date(startDate.getTime() + 365 * DAY)
    const [subscription] = await db
      .insert(appSubscriptions)
      .values({
        appId: app.id,
        packageId: catalogue.get(item.packageName) ?? null,
        packageType: item.type,
        packageName: item.packageName,
        messagesUsed: item.messages,
        messagesLimit: item.limit,
        startDate,
        endDate,
      })
      .returning({ id: appSubscriptions.id })
    // The dashboard's trends compare with the start of this month, so the seed places a fixed number
    // of messages on each side of it, whatever the day: the same demo figures every day of the month.
    const bulk = item.messages - item.thisMonth
    const bulkEnd = Math.min(monthStart.getTime(), endDate.getTime())
    const messageTime = (i: number) =>
      i < bulk
        ? new Date(startDate.getTime() + ((i + 1) * (bulkEnd - startDate.getTime())) / (bulk + 1))
        : new Date(
            monthStart.getTime() +
              ((i - bulk + 1) * (now.getTime() - monthStart.getTime())) / (item.thisMonth + 1),
          )
    await db.insert(appMessages).values(
      Array.from({ length: item.messages }, (_, i) => ({
        appId: app.id,
        subscriptionId: subscription?.id ?? null,
        type: item.type,
        sentTo:
          item.type === 'email'
            ? `customer${(i % 15) + 1}@example.com`
            : `+1 312 555 ${String(100 + ((i * 7 + index) % 40)).padStart(4, '0')}`,
        subject: item.type === 'email' ? `Atlas news, issue ${i + 1}` : null,
        body: item.type === 'email' ? 'Our latest news and offers.' : 'Your order is on its way.',
        status: i < item.failed ? ('failed' as const) : ('delivered' as const),
        attempts: i < item.failed ? 3 : 1,
        failedAttempts: i < item.failed ? 3 : 0,
        error: i < item.failed ? 'The recipient could not be reached.' : null,
        ...timing(messageTime(i), i, i < item.failed),
      })),
    )
  }
  // An old app without a key or package: the dashboard shows 'Not available'.
  await db.insert(apps).values({
    clientId,
    name: 'Legacy OTP Sender',
    description: 'One-time codes for the old customer portal.',
    status: 'inactive',
    apiKey: null,
    createdAt: ago(now, 500 * DAY),
  })
}
