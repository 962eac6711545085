import { and, count, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { PageWindow } from '../lib/pagination'
import type { Executor } from './client'

/*
 * One way to read a page of rows and one way to write part of a row (issue 26): every repository that
 * pages a list calls `listPage`, every partial update builds its `set` values with `partialValues`, and
 * the plain reads and writes of one row (`firstRow`, `firstOf`, `rowExists`, `insertRow`, `updateRows`) and
 * of a table's ordered rows (`allRows`) are written once.
 */

/** One page of rows and how many rows the whole filtered list holds. */
export interface RowPage<Row> {
  rows: Row[]
  count: number
}

/** What a list is filtered, ordered and paged by. */
export interface ListOptions {
  /** Conditions that must all hold; undefined ones are left out (an empty list keeps every row). */
  where?: SQL | readonly (SQL | undefined)[] | undefined
  orderBy: readonly (SQL | SQL.Aliased | PgColumn)[]
  window: PageWindow
}

/**
 * Page `window` of `query` (a dynamic select with its columns, table and joins: `db.select().from(t).$dynamic()`)
 * under `where`, in `orderBy` order, with the count of every row the filters keep. The count is taken from
 * the same filtered select (a subquery), so the rows and the count never disagree about the filters.
 */
export async function listPage<Q extends PgSelect>(
  db: Executor,
  query: Q,
  { where, orderBy, window }: ListOptions,
): Promise<RowPage<Q['_']['result'][number]>> {
  const filtered = query.where(Array.isArray(where) ? and(...(where as (SQL | undefined)[])) : (where as SQL))
  // Built before the order and page are added: the count covers the whole filtered list.
  const counted = db.select({ n: count() }).from(sql`(${filtered.getSQL()}) as listed`)
  const [rows, [total]] = await Promise.all([
    filtered
      .orderBy(...orderBy)
      .limit(window.limit)
      .offset(window.offset),
    counted,
  ])
  return { rows: rows as Q['_']['result'], count: total?.n ?? 0 }
}

type Row<T extends PgTable> = T['$inferSelect']

/**
 * The first row of `table` where `where` holds, undefined when none. `lock: 'update'` takes it FOR UPDATE
 * for the caller's transaction.
 */
export async function firstRow<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  lock?: 'update',
): Promise<Row<T> | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)
  const [row] = lock ? await query.for(lock) : await query
  return row as Row<T> | undefined
}

/**
 * The first row `query` (a dynamic select with its columns, table and joins, as for `listPage`) answers
 * under `where`, undefined when none: the one-row read of a select that is not a whole table's row.
 */
export async function firstOf<Q extends PgSelect>(
  query: Q,
  where: SQL | undefined,
): Promise<Q['_']['result'][number] | undefined> {
  const [row] = (await query.where(where).limit(1)) as Q['_']['result']
  return row
}

/** Every row of `table` where `where` holds, in `orderBy` order; at most `limit` rows when it is given. */
export async function allRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  orderBy: readonly (SQL | PgColumn)[],
  limit?: number,
): Promise<Row<T>[]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
  return (limit === undefined ? await query : await query.limit(limit)) as Row<T>[]
}

/** Whether `table` holds a row where `where` holds. */
export async function rowExists(
  db: Executor,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(where).limit(1)
  return row !== undefined
}

/** Inserts one row and answers it as stored; `missing` is the error thrown should the database answer none. */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
  missing: string,
): Promise<Row<T>> {
  const [row] = (await db.insert(table).values(values).returning()) as Row<T>[]
  if (!row) throw new Error(missing)
  return row
}

/** Sets `values` on the rows where `where` holds and answers the first changed row (undefined when none). */
export async function updateRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  values: PgUpdateSetSource<T>,
): Promise<Row<T> | undefined> {
  const [row] = (await db.update(table).set(values).where(where).returning()) as Row<T>[]
  return row
}

/** Which rows a pass may take (`due`), in which order, how many, and until when it holds them. */
export interface LeaseClaim {
  due: SQL | undefined
  order: readonly (SQL | PgColumn)[]
  now: Date
  leaseEnd: Date
  limit: number
}

/**
 * Takes up to `limit` rows of `table` that are `due` and that no pass holds (their `lease` column is
 * empty, or ran out before `now`: that pass died), in `order`: counts one attempt on each and holds them
 * until `leaseEnd`; answers the taken rows. Rows another pass has locked are skipped (FOR UPDATE SKIP
 * LOCKED), so passes on several instances never take the same row.
 */
export async function claimLeased<T extends PgTable & { id: PgColumn; attempts: PgColumn }>(
  db: Executor,
  table: T,
  lease: keyof T & keyof T['$inferSelect'] & string,
  { due, order, now, leaseEnd, limit }: LeaseClaim,
): Promise<Row<T>[]> {
  const leaseColumn = table[lease] as PgColumn
  const free = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(due, or(isNull(leaseColumn), lt(leaseColumn, now))))
    .orderBy(...order)
    .limit(limit)
    .for('update', { skipLocked: true })
  const set = { [lease]: leaseEnd, attempts: sql`${table.attempts} + 1` } as PgUpdateSetSource<T>
  return (await db.update(table).set(set).where(inArray(table.id, free)).returning()) as Row<T>[]
}

type Present<V> = Exclude<V, undefined>

/** How one input field becomes a column value: the column's name when it takes the value as it is, else the column and a conversion. */
type FieldRule<V, Values> = {
  [C in keyof Values]-?:
    | ([Present<V>] extends [Present<Values[C]>] ? C : never)
    | readonly [C, (value: Present<V>) => Present<Values[C]> | (null extends Values[C] ? null : never)]
}[keyof Values]

export type PartialRules<Input, Values> = { [K in keyof Input]?: FieldRule<Input[K], Values> }

/**
 * A function that turns a partial-update input (`{ x?: … }`) into drizzle `set` values: a field left out
 * (undefined) sets nothing, any other value (null too) sets its column, converted when the rule says so.
 * Fields with no rule are ignored.
 */
export function partialValues<Input extends object, Values extends object>(
  rules: PartialRules<Input, Values>,
): (input: Input) => Partial<Values> {
  const entries = Object.entries(rules) as [string, string | readonly [string, (value: unknown) => unknown]][]
  return (input) => {
    const values: Record<string, unknown> = {}
    for (const [field, rule] of entries) {
      const value = (input as Record<string, unknown>)[field]
      if (value === undefined) continue
      if (typeof rule === 'string') values[rule] = value
      else values[rule[0]] = rule[1](value)
    }
    return values as Partial<Values>
  }
}

/** The common conversion: an empty text (or null) clears the column. */
export const emptyAsNull = (value: string | null): string | null => value || null

/**
 * The reads and writes of one row by its id that every content table has: `find`, `insert` (answers the
 * stored row), `update` (answers the changed row, undefined when no row has the id) and `remove`. `stamp` names the
 * column an update sets to now (`updatedAt`), for tables that keep one.
 */
export function rowsById<T extends PgTable & { id: PgColumn }>(
  table: T,
  noun: string,
  stamp?: keyof T['$inferInsert'] & string,
) {
  type Row = T['$inferSelect']
  type Values = T['$inferInsert']
  async function find(db: Executor, id: number): Promise<Row | undefined> {
    return firstRow(db, table, eq(table.id, id))
  }
  async function insert(db: Executor, values: Values): Promise<Row> {
    return insertRow(db, table, values, `insert returned no ${noun}`)
  }
  async function update(db: Executor, id: number, values: Partial<Values>): Promise<Row | undefined> {
    const set = stamp ? { ...values, [stamp]: new Date() } : values
    // An empty change (PATCH {}) sets nothing: SQL has no UPDATE without a column, so answer the row as it is.
    if (Object.keys(set).length === 0) return find(db, id)
    return updateRows(db, table, eq(table.id, id), set)
  }
  async function remove(db: Executor, id: number): Promise<void> {
    await db.delete(table).where(eq(table.id, id))
  }
  return { find, insert, update, remove }
}
