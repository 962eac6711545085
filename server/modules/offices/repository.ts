import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { listPage } from '../../db/rows'
import { offices } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'
import { likePattern } from '../../lib/search'

export type OfficeRow = typeof offices.$inferSelect

const officeOrder = [asc(offices.position), asc(offices.id)]

async function listWhere(db: Executor, where: SQL | undefined, order: SQL[], window: PageWindow) {
  return listPage(db, db.select().from(offices).$dynamic(), { where, orderBy: order, window })
}

/** Visitors (the contact page, the assistant) see published offices only. */
export async function listOffices(db: Executor, window: PageWindow) {
  return listWhere(db, eq(offices.isActive, true), officeOrder, window)
}

/** The staff console: every office, unpublished ones too. */
export async function listAllOffices(
  db: Executor,
  filter: {
    search?: string | undefined
    active?: boolean | undefined
    sort: 'position' | 'title' | 'newest'
  },
  window: PageWindow,
) {
  const conditions: (SQL | undefined)[] = []
  if (filter.active !== undefined) conditions.push(eq(offices.isActive, filter.active))
  if (filter.search) {
    const pattern = likePattern(filter.search)
    conditions.push(or(ilike(offices.title, pattern), ilike(offices.address, pattern)))
  }
  const order = {
    position: officeOrder,
    title: [asc(offices.title), asc(offices.id)],
    newest: [desc(offices.createdAt), desc(offices.id)],
  }[filter.sort]
  return listWhere(db, and(...conditions), order, window)
}

export async function findOfficeById(db: Executor, id: number) {
  const [row] = await db.select().from(offices).where(eq(offices.id, id)).limit(1)
  return row
}

export async function insertOffice(db: Executor, values: typeof offices.$inferInsert) {
  const [row] = await db.insert(offices).values(values).returning()
  if (!row) throw new Error('insert returned no office')
  return row
}

export async function updateOffice(db: Executor, id: number, values: Partial<typeof offices.$inferInsert>) {
  const [row] = await db.update(offices).set(values).where(eq(offices.id, id)).returning()
  return row
}
