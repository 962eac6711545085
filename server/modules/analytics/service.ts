import type { PageViewRequest } from '@/contract/analytics'
import type { Executor } from '../../db/client'
import * as repo from './repository'

/** Records one page view: no cookie and no address; the user only when a valid token came with it. */
export async function recordPageView(db: Executor, view: PageViewRequest, userId: number | null) {
  await repo.insertPageView(db, {
    path: view.path,
    referrer: view.referrer ?? null,
    sessionId: view.session_id ?? null,
    platform: view.platform ?? null,
    userId,
  })
}
