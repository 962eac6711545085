import { asc, desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { listPage, rowsById } from '../../db/rows'
import { partners } from '../../db/schema'
import { equalsIfGiven, searchIn } from '../../lib/search'
import type { PageWindow } from '../../lib/pagination'

export async function listPartners(db: Executor, window: PageWindow) {
  return listPage(
    db,
    db
      .select({ id: partners.id, name: partners.name, image: partners.image, website: partners.website })
      .from(partners)
      .$dynamic(),
    {
      where: eq(partners.isActive, true),
      orderBy: [asc(partners.position), asc(partners.name), asc(partners.id)],
      window,
    },
  )
}

export type PartnerRow = typeof partners.$inferSelect

export const partnerRows = rowsById(partners, 'partner')
export const { insert: insertPartner } = partnerRows

/** The staff console: every partner, unpublished ones too. */
export async function listAllPartners(
  db: Executor,
  filter: { search?: string | undefined; active?: boolean | undefined; sort: 'position' | 'name' | 'newest' },
  window: PageWindow,
) {
  const where = [equalsIfGiven(partners.isActive, filter.active), searchIn(filter.search, [partners.name])]
  const order = {
    position: [asc(partners.position), asc(partners.name), asc(partners.id)],
    name: [asc(partners.name), asc(partners.id)],
    newest: [desc(partners.createdAt), desc(partners.id)],
  }[filter.sort]
  return listPage(db, db.select().from(partners).$dynamic(), { where, orderBy: order, window })
}
