import type { Executor } from '../../db/client'
import { PAGE_SIZE, pageWindow } from '../../lib/pagination'
import * as repo from './repository'

/** Active partners in their display order. */
export async function listPartners(db: Executor, page: number) {
  const pageSize = PAGE_SIZE.default
  const { count, rows } = await repo.listPartners(db, pageWindow(page, pageSize))
  return { count, pageSize, results: rows }
}
