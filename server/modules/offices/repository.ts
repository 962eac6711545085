import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { listPage, rowsById } from '../../db/rows'
import { offices } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'
import { equalsIfGiven, searchIn } from '../../lib/search'

export type OfficeRow = typeof offices.$inferSelect

export const officeRows = rowsById(offices, 'office')
export const { insert: insertOffice } = officeRows

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
  const where = and(
    equalsIfGiven(offices.isActive, filter.active),
    searchIn(filter.search, [offices.title, offices.address]),
  )
  const order = {
    position: officeOrder,
    title: [asc(offices.title), asc(offices.id)],
    newest: [desc(offices.createdAt), desc(offices.id)],
  }[filter.sort]
  return listWhere(db, where, order, window)
}
