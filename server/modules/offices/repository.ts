import { asc, count } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { offices } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

export type OfficeRow = typeof offices.$inferSelect

export async function listOffices(db: Executor, window: PageWindow) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(offices)
      .orderBy(asc(offices.position), asc(offices.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(offices),
  ])
  return { rows, count: total?.value ?? 0 }
}
