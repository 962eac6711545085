import type { FastifyRequest, FastifySchema, preHandlerHookHandler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { recordIdParamSchema } from '@/contract/common'
import { paginate, type ListPage } from './pagination'

type App = Parameters<FastifyPluginAsyncZod>[0]

/** A route file's schema maker (`routeSchemas` of lib/route-schema). */
type SchemaMaker = (
  summary: string,
  schema: {
    description?: string
    querystring?: z.ZodMiniType
    params?: z.ZodMiniType
    response: { 200: z.ZodMiniType }
  },
) => FastifySchema

/** What a list route is: its texts and schemas, and how it loads the asked page. */
export interface PageRoute<Query extends z.ZodMiniType> {
  summary: string
  description?: string
  query: Query
  /** The schema of the page it answers. */
  page: z.ZodMiniType
  /** The answer may be kept for repeated reads (`config.keepAnswer`, see lib/data-versions). */
  keepAnswer?: boolean
  /** A check of its own (its sign-in, when the other routes of its file are public). */
  preHandler?: preHandlerHookHandler
  load: (request: FastifyRequest, query: z.output<Query>) => Promise<ListPage<unknown>>
}

/** Registers a GET list route at `path`: the asked page, with its count and previous/next links. */
export function pageRoute<Query extends z.ZodMiniType>(
  app: App,
  schema: SchemaMaker,
  path: string,
  route: PageRoute<Query>,
) {
  app.get(
    path,
    {
      ...(route.keepAnswer ? { config: { keepAnswer: true } } : {}),
      schema: schema(route.summary, {
        ...(route.description === undefined ? {} : { description: route.description }),
        querystring: route.query,
        response: { 200: route.page },
      }),
      ...(route.preHandler ? { preHandler: route.preHandler } : {}),
    },
    async (request) =>
      paginate(request, app.config.publicUrl, await route.load(request, request.query as z.output<Query>)),
  )
}

/** What a GET of one record by its id is: its texts, the schema of the record, and how it loads it. */
export interface RecordRoute {
  summary: string
  description?: string
  /** The schema of the record it answers. */
  answer: z.ZodMiniType
  /** The answer may be kept for repeated reads (`config.keepAnswer`, see lib/data-versions). */
  keepAnswer?: boolean
  /** A check of its own (its sign-in, when the other routes of its file are public). */
  preHandler?: preHandlerHookHandler
  /** The record of the path's `:id`; throws the area's 404 when the caller may not see it. */
  load: (request: FastifyRequest, id: z.output<typeof recordIdParamSchema>['id']) => Promise<unknown>
}

/** Registers a GET at `path` (which ends in `:id/`): the one record of that id. */
export function recordRoute(app: App, schema: SchemaMaker, path: string, route: RecordRoute) {
  app.get(
    path,
    {
      ...(route.keepAnswer ? { config: { keepAnswer: true } } : {}),
      schema: schema(route.summary, {
        ...(route.description === undefined ? {} : { description: route.description }),
        params: recordIdParamSchema,
        response: { 200: route.answer },
      }),
      ...(route.preHandler ? { preHandler: route.preHandler } : {}),
    },
    async (request) => route.load(request, (request.params as z.output<typeof recordIdParamSchema>).id),
  )
}
