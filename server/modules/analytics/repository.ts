import type { Executor } from '../../db/client'
import { pageViews } from '../../db/schema'

export async function insertPageView(db: Executor, values: typeof pageViews.$inferInsert) {
  await db.insert(pageViews).values(values)
}
