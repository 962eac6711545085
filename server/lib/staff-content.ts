import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { recordIdParamSchema } from '@/contract/common'
import type { Database } from '../db/client'
import type { AuditContext } from './audit'
import type { ListPage } from './pagination'
import { staffAudit, staffListRoute, staffSchema, type CsvFields } from './staff-console'

/*
 * The console routes every kind of public content has (`/api/staff/content/{path}/…`): list (or CSV),
 * create, read, change, publish and unpublish. Each module registers its own kind from its
 * `staff-routes.ts`; writes go through its staff service, audited in its transactions, and then tell the
 * public side's caches (app.contentChanges).
 */

type App = Parameters<FastifyPluginAsyncZod>[0]

/** One kind of content in the console: its schemas, its module's staff service and its texts. */
export interface ContentKindRoutes<
  Query extends z.ZodMiniType,
  Create extends z.ZodMiniType,
  Update extends z.ZodMiniType,
  Item,
> {
  /** The path segment (`/api/staff/content/{path}/`) and the CSV file's name. */
  path: string
  schemas: { query: Query; create: Create; update: Update; item: z.ZodMiniType; list: z.ZodMiniType }
  texts: {
    list: string
    filters: string
    create: string
    one: string
    update: string
    publish: string
    unpublish: string
  }
  csv: CsvFields<Item>
  service: {
    list: (
      db: Database,
      query: z.output<Query> & { page: number },
      pageSize: number,
    ) => Promise<ListPage<Item>>
    read: (db: Database, id: number) => Promise<Item>
    create: (db: Database, input: z.output<Create>, audit: AuditContext) => Promise<Item>
    update: (db: Database, id: number, input: z.output<Update>, audit: AuditContext) => Promise<Item>
    setPublished: (db: Database, id: number, published: boolean, audit: AuditContext) => Promise<Item>
  }
}

/** Runs a write, then lets cached public answers go. */
async function write<T>(app: App, change: Promise<T>): Promise<T> {
  const result = await change
  app.contentChanges.changed()
  return result
}

export function registerContentKind<
  Q extends z.ZodMiniType,
  C extends z.ZodMiniType,
  U extends z.ZodMiniType,
  Item,
>(app: App, kind: ContentKindRoutes<Q, C, U, Item>) {
  const { path, schemas, texts, service } = kind
  const base = `/api/staff/content/${path}/`
  staffListRoute(app, base, {
    summary: texts.list,
    filters: texts.filters,
    query: schemas.query,
    list: schemas.list,
    file: path,
    load: (query, pageSize) => service.list(app.db, query, pageSize),
    columns: kind.csv,
  })
  app.post(
    base,
    {
      schema: staffSchema(texts.create, {
        body: schemas.create,
        response: { 201: schemas.item },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await write(app, service.create(app.db, request.body as z.output<C>, staffAudit(request)))),
  )
  app.get(
    `${base}:id/`,
    {
      schema: staffSchema(texts.one, {
        params: recordIdParamSchema,
        response: { 200: schemas.item },
      }),
    },
    async (request) => service.read(app.db, request.params.id),
  )
  app.patch(
    `${base}:id/`,
    {
      schema: staffSchema(texts.update, {
        params: recordIdParamSchema,
        body: schemas.update,
        response: { 200: schemas.item },
      }),
    },
    async (request) =>
      write(app, service.update(app.db, request.params.id, request.body as z.output<U>, staffAudit(request))),
  )
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `${base}:id/${action}/`,
      {
        schema: staffSchema(published ? texts.publish : texts.unpublish, {
          params: recordIdParamSchema,
          response: { 200: schemas.item },
        }),
      },
      async (request) =>
        write(app, service.setPublished(app.db, request.params.id, published, staffAudit(request))),
    )
  }
}
