import { and, asc, desc, eq, ilike, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { listPage } from '../../db/rows'
import { partners } from '../../db/schema'
import { likePattern } from '../../lib/search'

export async function listPartners(db: Executor, window: { limit: number; offset: number }) {
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

/** The staff console: every partner, unpublished ones too. */
export async function listAllPartners(
  db: Executor,
  filter: { search?: string | undefined; active?: boolean | undefined; sort: 'position' | 'name' | 'newest' },
  window: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = []
  if (filter.active !== undefined) conditions.push(eq(partners.isActive, filter.active))
  if (filter.search) conditions.push(ilike(partners.name, likePattern(filter.search)))
  const where = and(...conditions)
  const order = {
    position: [asc(partners.position), asc(partners.name), asc(partners.id)],
    name: [asc(partners.name), asc(partners.id)],
    newest: [desc(partners.createdAt), desc(partners.id)],
  }[filter.sort]
  return listPage(db, db.select().from(partners).$dynamic(), { where, orderBy: order, window })
}

export async function findPartnerById(db: Executor, id: number) {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1)
  return row
}

export async function insertPartner(db: Executor, values: typeof partners.$inferInsert) {
  const [row] = await db.insert(partners).values(values).returning()
  if (!row) throw new Error('insert returned no partner')
  return row
}

export async function updatePartner(db: Executor, id: number, values: Partial<typeof partners.$inferInsert>) {
  // An empty change (PATCH {}) is no SQL UPDATE: it answers the partner as it is.
  if (Object.keys(values).length === 0) return findPartnerById(db, id)
  const [row] = await db.update(partners).set(values).where(eq(partners.id, id)).returning()
  return row
}
