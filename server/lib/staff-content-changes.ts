import type { Database, Executor } from '../db/client'
import { auditSnapshot, recordAudit, type AuditContext } from './audit'
import { notFound } from './errors'
import { loadPage, type ListPage, type PageWindow } from './pagination'
import type { RowPage } from '../db/rows'

type ContentRow = { id: number; isActive: boolean }

/** What the console needs to know about one kind of public content whose flag is `is_active`. */
export interface StaffContentKind<
  Row extends ContentRow,
  Values,
  Item,
  Query extends { page: number },
  Create,
  Update,
> {
  /** The audit's entity type and the prefix of its actions: 'job' gives job.create, job.update, job.publish. */
  entity: string
  /** How an audit summary names an entry, e.g. `Job "Designer"`. */
  label: (row: Row) => string
  /** Its reads and writes by id (`rowsById` of its table, or the module's own). */
  rows: {
    find: (db: Executor, id: number) => Promise<Row | undefined>
    update: (db: Executor, id: number, values: Values | { isActive: boolean }) => Promise<Row | undefined>
  }
  /** The entry as the console's API answers it. */
  present: (row: Row) => Item
  /** The console's list: one page of the rows its query's filters keep, in its order. */
  listRows: (db: Executor, query: Query, window: PageWindow) => Promise<RowPage<Row>>
  /** Stores a new entry, unpublished, through the module's own service. */
  insert: (tx: Executor, input: Create) => Promise<Row>
  /** Checks a change against the current entry and answers the columns to store. */
  prepare: (tx: Executor, current: Row, input: Update) => Values | Promise<Values>
}

/**
 * The staff console's writes of one content kind (issue 15): create (never published: that is its own
 * step), change, publish and unpublish, each in one transaction with its audit entry, and read back.
 */
export function staffContentChanges<
  Row extends ContentRow,
  Values,
  Item,
  Query extends { page: number },
  Create,
  Update,
>(kind: StaffContentKind<Row, Values, Item, Query, Create, Update>) {
  const { find, update: updateRow } = kind.rows
  async function list(db: Executor, query: Query, pageSize: number): Promise<ListPage<Item>> {
    return loadPage(query.page, pageSize, (window) => kind.listRows(db, query, window), kind.present)
  }

  async function read(db: Executor, id: number): Promise<Item> {
    const row = await find(db, id)
    if (!row) throw notFound()
    return kind.present(row)
  }

  async function create(db: Database, input: Create, audit: AuditContext) {
    const id = await db.transaction(async (tx) => {
      const row = await kind.insert(tx, input)
      await recordAudit(tx, audit, {
        action: `${kind.entity}.create`,
        entityType: kind.entity,
        entityId: row.id,
        summary: `${kind.label(row)} created (not published)`,
        before: null,
        after: auditSnapshot(row),
      })
      return row.id
    })
    return read(db, id)
  }

  async function update(db: Database, id: number, input: Update, audit: AuditContext) {
    await db.transaction(async (tx) => {
      const current = await find(tx, id)
      if (!current) throw notFound()
      const row = await updateRow(tx, id, await kind.prepare(tx, current, input))
      await recordAudit(tx, audit, {
        action: `${kind.entity}.update`,
        entityType: kind.entity,
        entityId: id,
        summary: `${kind.label(row ?? current)} changed`,
        before: auditSnapshot(current),
        after: auditSnapshot(row),
      })
    })
    return read(db, id)
  }

  async function setPublished(db: Database, id: number, published: boolean, audit: AuditContext) {
    await db.transaction(async (tx) => {
      const current = await find(tx, id)
      if (!current) throw notFound()
      await updateRow(tx, id, { isActive: published })
      await recordAudit(tx, audit, {
        action: `${kind.entity}.${published ? 'publish' : 'unpublish'}`,
        entityType: kind.entity,
        entityId: id,
        summary: `${kind.label(current)} ${published ? 'published' : 'unpublished'}`,
        before: { is_active: current.isActive },
        after: { is_active: published },
      })
    })
    return read(db, id)
  }

  return { list, read, create, update, setPublished }
}
