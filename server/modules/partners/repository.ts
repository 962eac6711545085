import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { partners } from '../../db/schema'

export async function listPartners(db: Executor, window: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: partners.id, name: partners.name, image: partners.image, website: partners.website })
      .from(partners)
      .where(eq(partners.isActive, true))
      .orderBy(asc(partners.position), asc(partners.name), asc(partners.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(partners)
      .where(eq(partners.isActive, true)),
  ])
  return { count: total?.count ?? 0, rows }
}
