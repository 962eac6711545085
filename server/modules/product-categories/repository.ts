import { asc, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { productCategories } from '../../db/schema'

export type ProductCategoryRow = typeof productCategories.$inferSelect

export async function listCategories(db: Executor, window: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productCategories)
      .orderBy(asc(productCategories.position), asc(productCategories.name))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(productCategories),
  ])
  return { count: total?.count ?? 0, rows }
}
