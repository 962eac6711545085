import { getTableColumns, getTableName, inArray, notInArray, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import {
  blogAuthors,
  blogCategories,
  blogPosts,
  countries,
  jobApplications,
  jobs,
  offers,
  offices,
  partners,
  productCategories,
  projectCountries,
  projectImages,
  projectLinks,
  projects,
  projectTechTools,
  techTools,
} from '../../db/schema'

/* The content transfer's tables and queries (issue 26); the file format and its checks are in transfer.ts. */

export { getTableName }

/**
 * The public content a company edits: parents before children. Submissions (applications, inquiries,
 * subscribers) and client data are never part of it.
 */
export const CONTENT_TABLES: PgTable[] = [
  productCategories,
  techTools,
  countries,
  projects,
  projectTechTools,
  projectCountries,
  projectImages,
  projectLinks,
  partners,
  offers,
  blogCategories,
  blogAuthors,
  blogPosts,
  jobs,
  offices,
]

export interface ColumnInfo {
  key: string
  /** The name in the database (and in the file): the schema is written in camelCase, stored in snake_case. */
  name: string
  column: PgColumn
}

export function columnsOf(table: PgTable): Map<string, ColumnInfo> {
  const entries: [string, ColumnInfo][] = []
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!(column instanceof PgColumn)) continue
    const name = column.keyAsName ? toSnakeCase(column.name) : column.name
    entries.push([name, { key, name, column }])
  }
  return new Map(entries)
}

export function primaryKeyOf(table: PgTable): ColumnInfo[] {
  const columns = [...columnsOf(table).values()]
  const single = columns.filter((c) => c.column.primary)
  if (single.length > 0) return single
  // Join tables: the composite key is every column ending in _id.
  return columns.filter((c) => c.name.endsWith('_id'))
}

/** Every row of `table`, in `order`. */
export async function rowsInOrder(
  db: Executor,
  table: PgTable,
  order: PgColumn[],
): Promise<Record<string, unknown>[]> {
  return db
    .select()
    .from(table)
    .orderBy(...order)
}

export async function allRows(db: Executor, table: PgTable): Promise<Record<string, unknown>[]> {
  return db.select().from(table)
}

/** Deletes the row whose key columns (`key`) hold `row`'s values. */
export async function deleteByKey(
  db: Executor,
  table: PgTable,
  key: ColumnInfo[],
  row: Record<string, unknown>,
) {
  const conditions = key.map((k) => sql`${k.column} = ${row[k.key]}`)
  await db.delete(table).where(sql.join(conditions, sql` and `))
}

/** Deletes every row whose key (`only`) is not in `ids` (all rows when it is empty); answers how many. */
export async function deleteRowsOutside(
  db: Executor,
  table: PgTable,
  only: ColumnInfo,
  ids: number[],
): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(ids.length ? notInArray(only.column, ids) : sql`true`)
    .returning({ id: only.column })
  return deleted.length
}

export const isJobsTable = (table: PgTable) => table === jobs

/** The jobs outside `ids` (all when it is empty) that have applications. */
export async function jobsWithApplicationsOutside(db: Executor, ids: number[]) {
  const stale = ids.length ? notInArray(jobs.id, ids) : sql`true`
  return db
    .selectDistinct({ id: jobApplications.jobId })
    .from(jobApplications)
    .where(inArray(jobApplications.jobId, db.select({ id: jobs.id }).from(jobs).where(stale)))
}

export async function upsertRows(tx: Executor, table: PgTable, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return
  const key = primaryKeyOf(table)
  const keyNames = new Set(key.map((c) => c.name))
  const updatable = [...columnsOf(table).values()].filter((c) => !keyNames.has(c.name))
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200)
    const set = Object.fromEntries(updatable.map(({ key: k, name }) => [k, sql.raw(`excluded."${name}"`)]))
    const insert = tx.insert(table).overridingSystemValue().values(batch)
    await (updatable.length > 0
      ? insert.onConflictDoUpdate({ target: key.map((c) => c.column), set })
      : insert.onConflictDoNothing())
  }
}

/** Rows came with explicit ids: move each identity sequence past the largest, so new rows get fresh ids. */
export async function resetIdentity(tx: Executor, table: PgTable) {
  const key = primaryKeyOf(table)
  const [only] = key
  if (key.length !== 1 || !only || only.column.columnType !== 'PgInteger') return
  const name = getTableName(table)
  await tx.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('"${name}"', '${only.name}'), coalesce((select max("${only.name}") from "${name}"), 0) + 1, false)`,
    ),
  )
}
