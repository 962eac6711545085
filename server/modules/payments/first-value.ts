import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'

/**
 * One column of the first row of `table` where `where` holds, null when no row does: the lookups of one
 * value by a gateway's reference (the order of a checkout, the customer of a client, the client of a
 * customer).
 */
export async function firstValue<C extends PgColumn>(
  db: Executor,
  table: PgTable,
  column: C,
  where: SQL | undefined,
): Promise<C['_']['data'] | null> {
  const [row] = await db.select({ value: column }).from(table).where(where).limit(1)
  return (row?.value as C['_']['data'] | undefined) ?? null
}
