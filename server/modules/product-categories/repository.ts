import { asc } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { listPage } from '../../db/rows'
import { productCategories } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

export type ProductCategoryRow = typeof productCategories.$inferSelect

export async function listCategories(db: Executor, window: PageWindow) {
  return listPage(db, db.select().from(productCategories).$dynamic(), {
    orderBy: [asc(productCategories.position), asc(productCategories.name)],
    window,
  })
}
