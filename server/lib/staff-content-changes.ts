import type { Database, Executor } from '../db/client'
import { auditSnapshot, recordAudit, type AuditContext } from './audit'
import { notFound } from './errors'

/** What the console's write steps need to know about one kind of public content whose flag is `is_active`. */
export interface StaffContentKind<Row extends { id: number; isActive: boolean }, Values, Item> {
  /** The audit's entity type and the prefix of its actions: 'job' gives job.create, job.update, job.publish. */
  entity: string
  /** How an audit summary names an entry, e.g. `Job "Designer"`. */
  label: (row: Row) => string
  find: (db: Executor, id: number) => Promise<Row | undefined>
  update: (db: Executor, id: number, values: Values | { isActive: boolean }) => Promise<Row | undefined>
  /** The entry as the console's API answers it. */
  present: (row: Row) => Item | Promise<Item>
}

/**
 * The staff console's writes of one content kind (issue 15): create (never published: that is its own
 * step), change, publish and unpublish, each in one transaction with its audit entry, and read back.
 */
export function staffContentChanges<Row extends { id: number; isActive: boolean }, Values, Item>(
  kind: StaffContentKind<Row, Values, Item>,
) {
  async function read(db: Executor, id: number): Promise<Item> {
    const row = await kind.find(db, id)
    if (!row) throw notFound()
    return kind.present(row)
  }

  /** `insert` stores the new entry (unpublished) through the module's own service. */
  async function create(db: Database, audit: AuditContext, insert: (tx: Executor) => Promise<Row>) {
    const id = await db.transaction(async (tx) => {
      const row = await insert(tx)
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

  /** `prepare` checks the change against the current entry and answers the columns to store. */
  async function change(
    db: Database,
    id: number,
    audit: AuditContext,
    prepare: (tx: Executor, current: Row) => Values | Promise<Values>,
  ) {
    await db.transaction(async (tx) => {
      const current = await kind.find(tx, id)
      if (!current) throw notFound()
      const row = await kind.update(tx, id, await prepare(tx, current))
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
      const current = await kind.find(tx, id)
      if (!current) throw notFound()
      await kind.update(tx, id, { isActive: published })
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

  return { read, create, change, setPublished }
}
