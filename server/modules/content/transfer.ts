import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database, Executor } from '../../db/client'
import { sanitizeArticleHtml } from '../../lib/article-html'
import {
  allRows,
  CONTENT_TABLES,
  columnsOf,
  deleteByKey,
  deleteRowsOutside,
  getTableName,
  isJobsTable,
  jobsWithApplicationsOutside,
  primaryKeyOf,
  resetIdentity,
  rowsInOrder,
  upsertRows,
} from './repository'

export const CONTENT_FORMAT = 'cypher-content'
export const CONTENT_VERSION = 1

/** HTML columns are cleaned on the way in, whatever wrote the file. */
const HTML_COLUMNS: Record<string, string[]> = { blog_posts: ['content'], jobs: ['job_description'] }

export type ContentRow = Record<string, unknown>
export interface ContentDocument {
  format: typeof CONTENT_FORMAT
  version: number
  exported_at: string
  tables: Record<string, ContentRow[]>
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The content file was not imported:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ContentError'
  }
}

function toJson(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  return value
}

/** Every content table, rows ordered by key, with database column names (snake_case). */
export async function exportContent(db: Database): Promise<ContentDocument> {
  const tables: Record<string, ContentRow[]> = {}
  for (const table of CONTENT_TABLES) {
    const columns = [...columnsOf(table).values()]
    const order = primaryKeyOf(table).map((c) => c.column)
    const rows = await rowsInOrder(db, table, order)
    tables[getTableName(table)] = rows.map((row: Record<string, unknown>) =>
      Object.fromEntries(columns.map(({ key, name }) => [name, toJson(row[key])])),
    )
  }
  return { format: CONTENT_FORMAT, version: CONTENT_VERSION, exported_at: new Date().toISOString(), tables }
}

/** Checks one value against its column and converts it to what drizzle expects. */
function coerce(column: PgColumn, value: unknown, where: string, problems: string[]): unknown {
  if (value === null) {
    if (column.notNull) problems.push(`${where}: must not be null`)
    return null
  }
  const fail = (expected: string) => {
    problems.push(`${where}: expected ${expected}, got ${JSON.stringify(value)?.slice(0, 60)}`)
    return null
  }
  switch (column.columnType) {
    case 'PgInteger':
      return Number.isInteger(value) ? value : fail('an integer')
    case 'PgDoublePrecision':
    case 'PgReal':
    case 'PgNumeric':
      return typeof value === 'number' && Number.isFinite(value) ? value : fail('a number')
    case 'PgBoolean':
      return typeof value === 'boolean' ? value : fail('true or false')
    case 'PgTimestamp': {
      const date = typeof value === 'string' ? new Date(value) : null
      return date && !Number.isNaN(date.getTime()) ? date : fail('an ISO 8601 date-time')
    }
    case 'PgDateString':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? value
        : fail('a date (YYYY-MM-DD)')
    case 'PgArray':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value
        : fail('a list of strings')
    case 'PgJsonb':
    case 'PgJson':
      return value
    default: {
      if (typeof value !== 'string') return fail('text')
      if (value.includes('\u0000')) return fail('text without NUL characters')
      const allowed = column.enumValues
      if (allowed && allowed.length > 0 && !allowed.includes(value))
        return fail(`one of ${allowed.join(', ')}`)
      return value
    }
  }
}

function parseDocument(input: unknown): ContentDocument {
  const problems: string[] = []
  if (!input || typeof input !== 'object') throw new ContentError(['the file is not a JSON object'])
  const doc = input as Partial<ContentDocument>
  if (doc.format !== CONTENT_FORMAT) problems.push(`"format" must be "${CONTENT_FORMAT}"`)
  if (doc.version !== CONTENT_VERSION) problems.push(`"version" must be ${CONTENT_VERSION}`)
  if (!doc.tables || typeof doc.tables !== 'object')
    problems.push('"tables" must be an object of table name to rows')
  if (problems.length) throw new ContentError(problems)
  const known = new Set(CONTENT_TABLES.map((t) => getTableName(t)))
  const tables = doc.tables ?? {}
  for (const name of Object.keys(tables)) if (!known.has(name)) problems.push(`unknown table "${name}"`)
  // The file is the complete content: a table left out would silently keep old rows.
  for (const name of known) {
    if (!(name in tables)) problems.push(`table "${name}" is missing (use [] to empty it)`)
    else if (!Array.isArray(tables[name])) problems.push(`table "${name}" must be a list of rows`)
  }
  if (problems.length) throw new ContentError(problems)
  return doc as ContentDocument
}

export interface ImportSummary {
  tables: Record<string, { rows: number; removed: number }>
}

/**
 * Replaces the site's content with the document, in one transaction: rows are inserted or updated by
 * key, rows absent from the file are removed, and nothing changes if any row is invalid. Jobs that have
 * applications are never removed (set is_active to false instead).
 */
export async function importContent(
  db: Database,
  input: unknown,
  options: { dryRun?: boolean } = {},
): Promise<ImportSummary> {
  const doc = parseDocument(input)
  const problems: string[] = []
  const prepared = CONTENT_TABLES.map((table) => {
    const name = getTableName(table)
    const columns = columnsOf(table)
    const html = HTML_COLUMNS[name] ?? []
    const rows = (doc.tables[name] ?? []).map((raw, index) => {
      const where = `${name}[${index}]`
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        problems.push(`${where}: must be an object`)
        return {}
      }
      const values: Record<string, unknown> = {}
      for (const [field, value] of Object.entries(raw)) {
        const info = columns.get(field)
        if (!info) {
          problems.push(`${where}.${field}: unknown column of ${name}`)
          continue
        }
        const coerced = coerce(info.column, value, `${where}.${field}`, problems)
        values[info.key] =
          html.includes(field) && typeof coerced === 'string' ? sanitizeArticleHtml(coerced) : coerced
      }
      for (const key of primaryKeyOf(table)) {
        if (values[key.key] === undefined) problems.push(`${where}: "${key.name}" is required`)
      }
      return values
    })
    return { table, name, rows }
  })
  if (problems.length) throw new ContentError(problems.slice(0, 50))

  const summary: ImportSummary = { tables: {} }
  const rollback = new Error('dry run')
  try {
    await db.transaction(async (tx) => {
      for (const { table, name, rows } of prepared) {
        summary.tables[name] = { rows: rows.length, removed: 0 }
        await upsertRows(tx, table, rows)
      }
      for (const { table, name, rows } of [...prepared].reverse()) {
        const entry = summary.tables[name]
        if (entry) entry.removed = await removeStale(tx, table, rows)
      }
      for (const { table } of prepared) await resetIdentity(tx, table)
      if (options.dryRun) throw rollback
    })
  } catch (error) {
    if (error === rollback) return summary
    if (error instanceof ContentError) throw error
    throw new ContentError([databaseProblem(error)])
  }
  return summary
}

async function removeStale(tx: Executor, table: PgTable, rows: Record<string, unknown>[]): Promise<number> {
  const key = primaryKeyOf(table)
  if (key.length !== 1) {
    // Join tables: keep exactly the pairs in the file.
    const existing = await allRows(tx, table)
    const wanted = new Set(rows.map((r) => key.map((k) => String(r[k.key])).join('|')))
    let removed = 0
    for (const row of existing) {
      if (wanted.has(key.map((k) => String(row[k.key])).join('|'))) continue
      await deleteByKey(tx, table, key, row)
      removed += 1
    }
    return removed
  }
  const [only] = key
  if (!only) return 0
  const ids = rows.map((r) => r[only.key]).filter((v): v is number => typeof v === 'number')
  if (isJobsTable(table)) {
    const withApplications = await jobsWithApplicationsOutside(tx, ids)
    if (withApplications.length > 0) {
      throw new ContentError([
        `jobs ${withApplications.map((j) => j.id).join(', ')} have applications and cannot be removed; keep them with "is_active": false`,
      ])
    }
  }
  return deleteRowsOutside(tx, table, only, ids)
}

function databaseProblem(error: unknown): string {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; message?: string; detail?: string; table?: string; constraint?: string }
    if (pg.code) {
      const where = pg.table ? `table ${pg.table}` : 'the database'
      return `${where} refused a row: ${pg.detail ?? pg.message ?? pg.code}${pg.constraint ? ` (${pg.constraint})` : ''}`
    }
  }
  return error instanceof Error ? error.message : String(error)
}
