import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { site } from '@/contract/site'
import {
  INBOX_PAGE_SIZE,
  inboxMessages,
  type InboxItem,
  type InboxKind,
  type InboxQuery,
  type InboxReplyInput,
  type InboxStatus,
} from '@/contract/inquiries-staff'
import type { Mailer } from '../adapters/mail'
import type { Database, Executor } from '../db/client'
import { recordAudit, type AuditContext } from './audit'
import { ApiError, notFound } from './errors'
import { likePattern } from './search'
import { pageWindow, type ListPage } from './pagination'

type InboxRow = { id: number; status: InboxStatus }

/**
 * One kind of inbox item (contact messages, briefs, franchise requests, job applications): the table it
 * lives in and how a row reads as an item. The modules that own the tables declare their source; the
 * staff inbox lists, changes and answers every kind the same way through these functions.
 */
export interface InboxSource<Row extends InboxRow> {
  kind: InboxKind
  /** The audit log's name for the record. */
  entityType: string
  table: PgTable
  columns: { id: PgColumn; status: PgColumn; createdAt: PgColumn; name: PgColumn; search: PgColumn[] }
  toItem(row: Row, publicUrl: string): InboxItem
  /** Where a reply goes. */
  emailOf(row: Row): string
}

type AnySource = InboxSource<InboxRow>

function conditions(source: AnySource, query: Omit<InboxQuery, 'page' | 'sort'>): SQL | undefined {
  const parts: SQL[] = []
  if (query.status) parts.push(eq(source.columns.status, query.status))
  if (query.search) {
    const pattern = likePattern(query.search)
    const match = or(...source.columns.search.map((column) => ilike(column, pattern)))
    if (match) parts.push(match)
  }
  return and(...parts)
}

function ordering(source: AnySource, sort: InboxQuery['sort']) {
  if (sort === 'oldest') return [asc(source.columns.createdAt), asc(source.columns.id)]
  if (sort === 'name') return [asc(source.columns.name), asc(source.columns.id)]
  return [desc(source.columns.createdAt), desc(source.columns.id)]
}

export async function listInbox<Row extends InboxRow>(
  db: Executor,
  source: InboxSource<Row>,
  query: {
    page: number
    status?: InboxStatus | undefined
    search?: string | undefined
    sort?: InboxQuery['sort']
  },
  publicUrl: string,
  pageSize: number = INBOX_PAGE_SIZE,
): Promise<ListPage<InboxItem>> {
  const any = source as unknown as AnySource
  const where = conditions(any, query)
  const [total] = await db.select({ value: count() }).from(source.table).where(where)
  const window = pageWindow(query.page, pageSize)
  const rows = (await db
    .select()
    .from(source.table)
    .where(where)
    .orderBy(...ordering(any, query.sort ?? 'newest'))
    .limit(window.limit)
    .offset(window.offset)) as unknown as Row[]
  return {
    page: query.page,
    pageSize,
    count: total?.value ?? 0,
    results: rows.map((row) => source.toItem(row, publicUrl)),
  }
}

export async function findInboxRow<Row extends InboxRow>(
  db: Executor,
  source: InboxSource<Row>,
  id: number,
): Promise<Row> {
  const [row] = (await db
    .select()
    .from(source.table)
    .where(eq(source.columns.id, id))
    .limit(1)) as unknown as Row[]
  if (!row) throw notFound()
  return row
}

async function changeStatus<Row extends InboxRow>(
  tx: Executor,
  source: InboxSource<Row>,
  row: Row,
  status: InboxStatus,
  audit: AuditContext,
  action: string,
  summary: string,
  extra: Record<string, unknown> = {},
) {
  await tx
    .update(source.table)
    .set({ status } as never)
    .where(eq(source.columns.id, row.id))
  await recordAudit(tx, audit, {
    action,
    entityType: source.entityType,
    entityId: row.id,
    summary,
    before: { status: row.status },
    after: { status, ...extra },
  })
}

export async function setInboxStatus<Row extends InboxRow>(
  db: Database,
  source: InboxSource<Row>,
  id: number,
  status: InboxStatus,
  audit: AuditContext,
  publicUrl: string,
): Promise<InboxItem> {
  const row = await findInboxRow(db, source, id)
  if (row.status !== status) {
    await db.transaction((tx) =>
      changeStatus(
        tx,
        source,
        row,
        status,
        audit,
        'inbox.status',
        `Status changed from ${row.status} to ${status}`,
      ),
    )
  }
  return source.toItem({ ...row, status }, publicUrl)
}

/**
 * Answers an item by e-mail and marks it answered. The mail goes first: if it cannot be sent nothing is
 * recorded, so the item does not read as answered when the sender never got the reply.
 */
export async function replyToInboxItem<Row extends InboxRow>(
  deps: { db: Database; mailer: Mailer; publicUrl: string },
  source: InboxSource<Row>,
  id: number,
  input: InboxReplyInput,
  audit: AuditContext,
): Promise<InboxItem> {
  const row = await findInboxRow(deps.db, source, id)
  try {
    await deps.mailer.send({
      to: source.emailOf(row),
      subject: input.subject,
      template: 'inbox-reply',
      text: `${input.message}\n\nThe ${site.name} team\n${site.salesEmail} · ${site.phone}`,
    })
  } catch {
    throw new ApiError(502, inboxMessages.replyFailed)
  }
  await deps.db.transaction((tx) =>
    changeStatus(tx, source, row, 'answered', audit, 'inbox.reply', `Replied by e-mail: ${input.subject}`, {
      reply: { to: source.emailOf(row), subject: input.subject, message: input.message },
    }),
  )
  return source.toItem({ ...row, status: 'answered' }, deps.publicUrl)
}
