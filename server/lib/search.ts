import { eq, ilike, or, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** An ILIKE pattern that finds `text` anywhere, with the visitor's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The condition of a list's search box: `text` anywhere in any of `columns`; none without a search. */
export function searchIn(text: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!text) return undefined
  const pattern = likePattern(text)
  return or(...columns.map((column) => ilike(column, pattern)))
}

/** The condition of a list filter: `column` equals `value`; none while the filter is not given. */
export function equalsIfGiven<T>(column: PgColumn, value: T | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value)
}
