import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { CSV_EXPORT_MAX, STAFF_PAGE_SIZE } from '@/contract/staff'
import { callerOf } from '../plugins/auth'
import type { AuditContext } from './audit'
import { toCsv } from './csv'
import { paginate, type ListPage } from './pagination'
import { bearerSecurity, errorAnswers, routeSchemas } from './route-schema'
import { contentDisposition } from './uploads'

/*
 * What every area's console routes (`server/modules/<area>/staff-routes.ts`) share. The role check itself
 * is the staff module's: it registers each area's console routes inside its own scope.
 */

/** The OpenAPI group, security and error answers of a console route. */
export const staffTags = ['staff']
export const staffSecurity = bearerSecurity
export const staffErrors = errorAnswers(400, 401, 404)
export const CSV_NOTE = 'With `format=csv` the whole filtered list (up to 5000 rows) comes as a CSV file.'

/**
 * A console route's schema: its summary and its own schemas, with the console's group, security and
 * error answers (a route that can also answer 409, 413 or 502 adds them to `response`).
 */
export const staffSchema = routeSchemas({ tags: staffTags, security: staffSecurity, errors: staffErrors })

type App = Parameters<FastifyPluginAsyncZod>[0]

/** What a console list route is: its texts and schemas, how it loads a page and its CSV columns. */
export interface StaffList<Query extends z.ZodMiniType, T> {
  summary: string
  /** Its filters and sorts, for the description (the CSV note follows). */
  filters: string
  query: Query
  list: z.ZodMiniType
  /** The CSV file's name, without `.csv`. */
  file: string
  load: (query: z.output<Query> & { page: number }, pageSize: number) => Promise<ListPage<T>>
  columns: CsvFields<T>
}

/** Registers a console list at `path`: a page as JSON, or the whole filtered list as CSV. */
export function staffListRoute<Query extends z.ZodMiniType, T>(
  app: App,
  path: string,
  route: StaffList<Query, T>,
) {
  app.get(
    path,
    {
      schema: staffSchema(route.summary, {
        description: `${route.filters} ${CSV_NOTE}`,
        querystring: route.query,
        response: { 200: route.list },
      }),
    },
    async (request, reply) => {
      const query = request.query as z.output<Query> & { page: number }
      return answerList(
        request,
        reply,
        route.file,
        (page, size) => route.load({ ...query, page }, size),
        route.columns,
      )
    },
  )
}

/** The staff member making a change, for the audit log. */
export const staffAudit = (request: FastifyRequest): AuditContext => ({
  actorId: callerOf(request).userId,
  requestId: request.id,
})

export interface CsvColumn<T> {
  label: string
  value: (row: T) => unknown
}

/**
 * A CSV file's columns by label, in order: the name of a field of the row (its value as it is, empty when
 * null), or a function that reads the column from the row.
 */
export type CsvFields<T> = Record<string, (keyof T & string) | ((row: T) => unknown)>

export function csvColumns<T>(fields: CsvFields<T>): CsvColumn<T>[] {
  return Object.entries(fields).map(([label, value]) => ({
    label,
    value: typeof value === 'function' ? value : (row: T) => row[value],
  }))
}

/** A list page as JSON, or with `?format=csv` the whole filtered list as a CSV file. */
export async function answerList<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  load: (page: number, pageSize: number) => Promise<ListPage<T>>,
  columns: CsvFields<T>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page (checked by the route's schema) or a sent CSV reply
): Promise<any> {
  const query = request.query as { page: number; format?: 'json' | 'csv' }
  if (query.format === 'csv') {
    const all = await load(1, CSV_EXPORT_MAX)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`${name}.csv`))
      .serializer((payload: unknown) => payload as string)
      .send(toCsv(csvColumns(columns), all.results))
  }
  return paginate(request, request.server.config.publicUrl, await load(query.page, STAFF_PAGE_SIZE))
}
