import { eq } from 'drizzle-orm'
import type { MILESTONE_STATUSES } from '@/contract/portal'
import { statusLabel } from '@/contract/status-colours'
import type { Executor } from '../client'
import * as schema from '../schema'
import { dueDateFor, DEFAULT_RESPONSE_TARGETS } from '../../lib/response-targets'
import { seedApps } from './apps'

/**
 * Files of the seeded ticket attachments. The seed has no file storage, so rows point at these
 * placeholder keys and the support module writes the bytes to storage when the server starts.
 */
export const DEMO_ATTACHMENT_FILES: Record<string, { content: string; mime: string }> = {
  'demo-seed/00000000-0000-4000-8000-000000000001.txt': {
    mime: 'text/plain; charset=utf-8',
    content: [
      '2026-03-02T10:14:07Z POST /checkout/confirm cart_items=64',
      '2026-03-02T10:14:37Z upstream timed out (30000 ms) while pricing cart',
      '2026-03-02T10:16:52Z POST /checkout/confirm cart_items=58',
      '2026-03-02T10:17:22Z upstream timed out (30000 ms) while pricing cart',
      '',
    ].join('\n'),
  },
  'demo-seed/00000000-0000-4000-8000-000000000002.pdf': {
    mime: 'application/pdf',
    content: [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
      '4 0 obj << /Length 58 >> stream',
      'BT /F1 14 Tf 24 90 Td (Invoice 1042 - VAT 14%) Tj ET',
      'endstream endobj',
      '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  },
}

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

/** A calendar date `days` from `now` (negative: in the past), as YYYY-MM-DD. */
const dateFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10)
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)

async function insertProject(db: Executor, values: typeof schema.portalProjects.$inferInsert) {
  const [row] = await db
    .insert(schema.portalProjects)
    .values(values)
    .returning({ id: schema.portalProjects.id })
  if (!row) throw new Error('project was not created')
  return row.id
}

/** A project's links, in the order given. */
const links = (projectId: number, list: [linkType: string, url: string, title: string][]) =>
  list.map(([linkType, url, title], i) => ({ projectId, linkType, url, title, order: i + 1 }))

type MilestoneRow = [
  title: string,
  description: string,
  amountMinor: number,
  status: (typeof MILESTONE_STATUSES)[number],
  dueInDays: number,
  paidDaysAgo?: number,
]

/** A project's milestones, in the order given; due `dueInDays` from now, paid `paidDaysAgo` days ago. */
const milestones = (now: Date, projectId: number, list: MilestoneRow[]) =>
  list.map(([title, description, amountMinor, status, dueInDays, paidDaysAgo], i) => ({
    projectId,
    title,
    description,
    amountMinor,
    status,
    dueDate: dateFrom(now, dueInDays),
    order: i + 1,
    ...(paidDaysAgo === undefined ? {} : { paidAt: ago(now, paidDaysAgo * DAY) }),
  }))

interface SeededUsers {
  demoUserId: number
  staffUserId: number
  secondClientUserId: number
}

/**
 * The demo client's portal: three projects (active, completed, on hold) with budgets, milestones in
 * every status, members, stories and links; tickets in several statuses with comments (one internal),
 * attachments and activities; and four messaging apps with subscriptions and recent messages.
 */
export async function seedPortal(db: Executor, { demoUserId, staffUserId, secondClientUserId }: SeededUsers) {
  const [client] = await db
    .select({ id: schema.clients.id })
    .from(schema.clients)
    .where(eq(schema.clients.userId, demoUserId))
  if (!client) throw new Error('the demo client has no company profile')
  const now = new Date()

  const categoryRows = await db
    .insert(schema.ticketCategories)
    .values(
      ['Bug Report', 'Feature Request', 'Billing', 'Technical Support', 'General Inquiry'].map((name, i) => ({
        name,
        order: i + 1,
      })),
    )
    .returning()
  const category = (name: string) => categoryRows.find((c) => c.name === name)?.id ?? null

  // Projects, newest first on the dashboard.
  const banking = await insertProject(db, {
    name: 'Mobile Banking App',
    key: 'MBA',
    description:
      'iOS and Android banking app with card controls, transfers and biometric sign-in, built for a regional bank.',
    status: 'completed',
    priority: 'medium',
    startDate: dateFrom(now, -400),
    endDate: dateFrom(now, -60),
    progress: 100,
    totalBudgetMinor: 3_200_000,
    websiteUrl: 'https://bank.example.com',
    createdAt: ago(now, 400 * DAY),
  })
  const warehouse = await insertProject(db, {
    name: 'Data Warehouse Migration',
    key: 'DWM',
    description: '',
    status: 'on_hold',
    priority: 'low',
    startDate: dateFrom(now, -90),
    endDate: dateFrom(now, 120),
    progress: 25,
    totalBudgetMinor: 1_850_000,
    createdAt: ago(now, 95 * DAY),
  })
  const atlas = await insertProject(db, {
    name: 'Atlas Commerce Platform',
    key: 'ATLAS',
    description: 'Multi-vendor e-commerce platform: web storefront, vendor console and payment integrations.',
    status: 'active',
    priority: 'high',
    startDate: dateFrom(now, -120),
    endDate: dateFrom(now, 75),
    progress: 62,
    totalBudgetMinor: 4_800_000,
    websiteUrl: 'https://atlas.example.com',
    dashboardUrl: 'https://dashboard.atlas.example.com',
    createdAt: ago(now, 125 * DAY),
  })

  await db.insert(schema.portalProjectAccess).values([
    { clientId: client.id, projectId: atlas, accessLevel: 'admin' },
    { clientId: client.id, projectId: banking, accessLevel: 'edit' },
    // No level stored: the dashboard reads it as 'View'.
    { clientId: client.id, projectId: warehouse, accessLevel: null },
  ])

  await db.insert(schema.portalProjectLinks).values([
    ...links(atlas, [
      ['website', 'https://atlas.example.com', 'Live storefront'],
      ['staging', 'https://staging.atlas.example.com', 'Staging'],
      ['design', 'https://design.example.com/atlas', 'Design files'],
    ]),
    ...links(banking, [
      ['website', 'https://bank.example.com', 'Product site'],
      ['documentation', 'https://docs.bank.example.com', 'Handover docs'],
    ]),
    ...links(warehouse, [['documentation', 'https://docs.example.com/dwm', 'Migration plan']]),
  ])

  const members = (projectId: number, list: [string, string][], staffRole?: string) => [
    ...(staffRole ? [{ projectId, userId: staffUserId, fullName: 'Sami Haddad', role: staffRole }] : []),
    ...list.map(([fullName, role]) => ({ projectId, fullName, role })),
  ]
  await db.insert(schema.portalProjectMembers).values([
    ...members(
      atlas,
      [
        ['Layla Nasser', 'Tech Lead'],
        ['Omar Fathy', 'Backend Developer'],
        ['Mariam Adel', 'Frontend Developer'],
        ['Karim Youssef', 'QA Engineer'],
        ['Dana Mercer', 'Product Owner'],
      ],
      'Project Manager',
    ),
    ...members(
      banking,
      [
        ['Hana Saleh', 'Mobile Lead'],
        ['Youssef Amin', 'iOS Developer'],
        ['Nour Hassan', 'Android Developer'],
      ],
      'Project Manager',
    ),
    ...members(warehouse, [
      ['Tarek Mansour', 'Data Engineer'],
      ['Salma Ibrahim', 'Analyst'],
      ['Dana Mercer', 'Product Owner'],
    ]),
  ])

  const stories = (projectId: number, titles: string[], done: number) =>
    titles.map((title, i) => ({
      projectId,
      title,
      status: i < done ? ('done' as const) : i === done ? ('in_progress' as const) : ('todo' as const),
    }))
  await db
    .insert(schema.portalUserStories)
    .values([
      ...stories(
        atlas,
        [
          'As a shopper I can search products by name and category',
          'As a shopper I can pay by card',
          'As a shopper I can track my order',
          'As a vendor I can list products with variants',
          'As a vendor I can see my payouts',
          'As an admin I can approve vendors',
          'As a shopper I can save items to a wish list',
          'As a shopper I can check out with a large cart',
        ],
        5,
      ),
      ...stories(
        banking,
        [
          'As a customer I can sign in with my fingerprint',
          'As a customer I can freeze my card',
          'As a customer I can transfer money to a contact',
          'As a customer I can see my statements',
          'As a customer I can set spending alerts',
        ],
        5,
      ),
      ...stories(
        warehouse,
        ['As an analyst I can query sales by region', 'As an analyst I can export monthly reports'],
        0,
      ),
    ])

  await db.insert(schema.portalMilestones).values([
    ...milestones(now, atlas, [
      ['Discovery & Planning', 'Workshops, requirements and the delivery plan.', 600_000, 'paid', -100, 98],
      ['UI/UX Design', 'Design system, storefront and vendor console screens.', 900_000, 'paid', -70, 66],
      ['Payments Integration', 'Card payments, local gateways and vendor payouts.', 800_000, 'overdue', -5],
      [
        'Core Platform Development',
        'Catalogue, cart, checkout and order tracking.',
        1_500_000,
        'pending',
        10,
      ],
      ['Launch & Handover', 'Go-live, monitoring and training.', 1_000_000, 'pending', 70],
    ]),
    ...milestones(
      now,
      banking,
      ['Design', 'Build', 'Store Release', 'Support Period'].map((title, i): MilestoneRow => [
        title,
        '',
        800_000,
        'paid',
        -360 + i * 100,
        358 - i * 100,
      ]),
    ),
    ...milestones(now, warehouse, [
      ['Assessment', 'Inventory of sources and reports.', 450_000, 'paid', -60, 58],
      ['Schema Migration', 'Move the fact and dimension tables.', 700_000, 'overdue', -20],
      ['Reporting Layer', 'Dashboards and scheduled exports.', 700_000, 'pending', 100],
    ]),
  ])

  await seedTickets(db, { atlas, banking, warehouse }, { demoUserId, staffUserId, category, now })
  await seedApps(db, client.id, now)
  await seedSecondClientProject(db, secondClientUserId, now)
}

/** The second client's one project: the demo client gets 404 for it, as for any project not its own. */
async function seedSecondClientProject(db: Executor, userId: number, now: Date) {
  const [client] = await db
    .select({ id: schema.clients.id })
    .from(schema.clients)
    .where(eq(schema.clients.userId, userId))
  if (!client) throw new Error('the second client has no company profile')
  const fleet = await insertProject(db, {
    name: 'Fleet Tracking Platform',
    key: 'FLEET',
    description: 'Live vehicle tracking, delivery routes and driver apps for a logistics company.',
    status: 'active',
    priority: 'medium',
    startDate: dateFrom(now, -45),
    endDate: dateFrom(now, 120),
    progress: 30,
    totalBudgetMinor: 2_600_000,
    websiteUrl: 'https://fleet.northwind.example.com',
    createdAt: ago(now, 50 * DAY),
  })
  await db
    .insert(schema.portalProjectAccess)
    .values({ clientId: client.id, projectId: fleet, accessLevel: 'admin' })
  await db
    .insert(schema.portalProjectLinks)
    .values(links(fleet, [['website', 'https://fleet.northwind.example.com', 'Tracking portal']]))
}

type Activity = typeof schema.ticketActivities.$inferInsert

/** A ticket's activity rows by `performedById` at `createdAt`, worded as the support module words them. */
const activity = (ticketId: number, performedById: number, createdAt: Date) => {
  const row = (values: Pick<Activity, 'activityType' | 'description'> & Partial<Activity>): Activity => ({
    ticketId,
    performedById,
    createdAt,
    ...values,
  })
  return {
    created: () => row({ activityType: 'created', description: 'Ticket created', newValue: 'new' }),
    attached: (fileName: string) =>
      row({
        activityType: 'attachment_added',
        description: `Attachment ${fileName} added to the ticket`,
        newValue: fileName,
      }),
    assigned: (name: string) =>
      row({ activityType: 'assigned', description: `Ticket assigned to ${name}`, newValue: name }),
    statusChanged: (from: string, to: string) =>
      row({
        activityType: 'status_changed',
        description: `Ticket status changed from ${statusLabel(from)} to ${statusLabel(to)}`,
        oldValue: from,
        newValue: to,
      }),
    commented: () => row({ activityType: 'comment_added', description: 'Comment added to the ticket' }),
    noted: () =>
      row({
        activityType: 'internal_note_added',
        description: 'Internal note added to the ticket',
        isInternal: true,
      }),
  }
}

/** An attachment row for one of DEMO_ATTACHMENT_FILES (its size and type are the file's). */
function attachment(
  ticketId: number,
  storageKey: string,
  fileName: string,
  uploadedById: number,
  uploadedAt: Date,
): typeof schema.ticketAttachments.$inferInsert {
  const file = DEMO_ATTACHMENT_FILES[storageKey]
  if (!file) throw new Error(`no demo file ${storageKey}`)
  const fileSize = Buffer.byteLength(file.content)
  return { ticketId, storageKey, fileName, fileSize, mime: file.mime, uploadedById, uploadedAt }
}

async function seedTickets(
  db: Executor,
  projects: { atlas: number; banking: number; warehouse: number },
  ctx: { demoUserId: number; staffUserId: number; category: (name: string) => number | null; now: Date },
) {
  const { demoUserId: dana, staffUserId: sami, category, now } = ctx
  const ticket = async (
    values: Omit<typeof schema.tickets.$inferInsert, 'dueAt' | 'updatedAt'> & { createdAt: Date },
  ) => {
    const priority = values.priority ?? 'medium'
    const [row] = await db
      .insert(schema.tickets)
      .values({
        ...values,
        dueAt: dueDateFor(values.createdAt, DEFAULT_RESPONSE_TARGETS[priority]),
        updatedAt: values.createdAt,
      })
      .returning({ id: schema.tickets.id })
    if (!row) throw new Error('ticket was not created')
    await db
      .insert(schema.ticketActivities)
      .values(activity(row.id, values.createdById, values.createdAt).created())
    return row.id
  }
  const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR)

  // In progress and past its 1-business-day target: shows OVERDUE.
  const checkoutAt = ago(now, 6 * DAY)
  const checkout = await ticket({
    projectId: projects.atlas,
    title: 'Checkout times out on carts with more than 50 items',
    description:
      'On the staging store, confirming an order with a large cart spins for about 30 seconds and then fails with a timeout. Smaller carts work. The log from this morning is attached.',
    status: 'in_progress',
    priority: 'high',
    categoryId: category('Bug Report'),
    createdById: dana,
    assignedToId: sami,
    createdAt: checkoutAt,
  })
  const checkoutLog = 'checkout-timeout-log.txt'
  await db
    .insert(schema.ticketAttachments)
    .values(
      attachment(
        checkout,
        'demo-seed/00000000-0000-4000-8000-000000000001.txt',
        checkoutLog,
        dana,
        later(checkoutAt, 0.1),
      ),
    )
  await db.insert(schema.ticketComments).values([
    {
      ticketId: checkout,
      authorId: sami,
      content:
        'Thanks Dana, we reproduced it on staging. Pricing is recalculated once per item; we are batching it and will share a fix this week.',
      createdAt: later(checkoutAt, 20),
    },
    {
      ticketId: checkout,
      authorId: sami,
      content:
        'Root cause: N+1 pricing queries. Hold the hotfix until the payments milestone invoice is settled.',
      isInternal: true,
      createdAt: later(checkoutAt, 21),
    },
    {
      ticketId: checkout,
      authorId: dana,
      content: 'Great, thank you. Could you let us know when it is on staging so our team can test it?',
      createdAt: later(checkoutAt, 26),
    },
  ])
  await db
    .insert(schema.ticketActivities)
    .values([
      activity(checkout, dana, later(checkoutAt, 0.1)).attached(checkoutLog),
      activity(checkout, sami, later(checkoutAt, 19)).assigned('Sami Haddad'),
      activity(checkout, sami, later(checkoutAt, 19.5)).statusChanged('new', 'in_progress'),
      activity(checkout, sami, later(checkoutAt, 20)).commented(),
      activity(checkout, sami, later(checkoutAt, 21)).noted(),
      activity(checkout, dana, later(checkoutAt, 26)).commented(),
    ])
  await db
    .update(schema.tickets)
    .set({ updatedAt: later(checkoutAt, 26) })
    .where(eq(schema.tickets.id, checkout))

  await ticket({
    projectId: projects.atlas,
    title: 'Add Apple Pay to the storefront checkout',
    description:
      'Many of our mobile shoppers asked for Apple Pay. Could it be part of the payments milestone?',
    status: 'new',
    priority: 'medium',
    categoryId: category('Feature Request'),
    createdById: dana,
    createdAt: ago(now, 3 * HOUR),
  })

  const invoiceAt = ago(now, 20 * DAY)
  const invoice = await ticket({
    projectId: projects.atlas,
    title: 'Invoice #1042 shows the wrong VAT rate',
    description:
      'The invoice for the design milestone uses 10% VAT; our contract says 14%. A copy is attached.',
    status: 'resolved',
    priority: 'low',
    categoryId: category('Billing'),
    createdById: dana,
    assignedToId: sami,
    createdAt: invoiceAt,
  })
  const invoicePdf = 'invoice-1042.pdf'
  await db
    .insert(schema.ticketAttachments)
    .values(
      attachment(
        invoice,
        'demo-seed/00000000-0000-4000-8000-000000000002.pdf',
        invoicePdf,
        dana,
        later(invoiceAt, 0.1),
      ),
    )
  await db.insert(schema.ticketComments).values({
    ticketId: invoice,
    authorId: sami,
    content: 'You are right, sorry about that. A corrected invoice with 14% VAT is in your inbox.',
    createdAt: later(invoiceAt, 30),
  })
  await db
    .insert(schema.ticketActivities)
    .values([
      activity(invoice, dana, later(invoiceAt, 0.1)).attached(invoicePdf),
      activity(invoice, sami, later(invoiceAt, 24)).statusChanged('new', 'open'),
      activity(invoice, sami, later(invoiceAt, 30)).commented(),
      activity(invoice, sami, later(invoiceAt, 31)).statusChanged('open', 'resolved'),
    ])
  await db
    .update(schema.tickets)
    .set({ updatedAt: later(invoiceAt, 31) })
    .where(eq(schema.tickets.id, invoice))

  // Urgent (4 hours) and waiting on the client for two days: overdue too.
  const exportAt = ago(now, 2 * DAY)
  const exportTicket = await ticket({
    projectId: projects.warehouse,
    title: 'Monthly report export fails with an empty file',
    description:
      'The scheduled export for February produced a 0-byte CSV. Finance needs it for the board meeting.',
    status: 'waiting_on_client',
    priority: 'urgent',
    categoryId: category('Technical Support'),
    createdById: dana,
    assignedToId: sami,
    createdAt: exportAt,
  })
  await db.insert(schema.ticketComments).values({
    ticketId: exportTicket,
    authorId: sami,
    content:
      'Could you send us the export settings you used (date range and filters)? The job ran without errors on our side.',
    createdAt: later(exportAt, 2),
  })
  await db
    .insert(schema.ticketActivities)
    .values([
      activity(exportTicket, sami, later(exportAt, 2)).commented(),
      activity(exportTicket, sami, later(exportAt, 2.1)).statusChanged('new', 'waiting_on_client'),
    ])

  const releaseAt = ago(now, 70 * DAY)
  const release = await ticket({
    projectId: projects.banking,
    title: 'Release notes for version 2.1 in the app stores',
    description: 'Can you add the Arabic release notes to the store listings before the release?',
    status: 'closed',
    priority: 'low',
    categoryId: category('General Inquiry'),
    createdById: dana,
    createdAt: releaseAt,
  })
  await db
    .insert(schema.ticketActivities)
    .values(activity(release, sami, later(releaseAt, 30)).statusChanged('new', 'closed'))
}
