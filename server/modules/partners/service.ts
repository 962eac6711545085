import type { Executor } from '../../db/client'
import { loadPage, PAGE_SIZE } from '../../lib/pagination'
import * as repo from './repository'

/** Active partners in their display order. */
export async function listPartners(db: Executor, page: number) {
  return loadPage(
    page,
    PAGE_SIZE.default,
    (window) => repo.listPartners(db, window),
    (partner) => partner,
  )
}
