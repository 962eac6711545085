import type { RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest, FastifySchema, preHandlerHookHandler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'

type App = Parameters<FastifyPluginAsyncZod>[0]

/** A route file's schema maker (`routeSchemas` of lib/route-schema). */
type SchemaMaker = (
  summary: string,
  schema: { description?: string; body: z.ZodMiniType; response: Record<number, z.ZodMiniType> },
) => FastifySchema

/** What a form route is: its texts, the body it takes and the one answer it gives, and how it answers. */
export interface FormRoute<Body extends z.ZodMiniType, Answer extends z.ZodMiniType> {
  /** POST unless said. */
  method?: 'POST' | 'PATCH'
  summary: string
  description?: string
  body: Body
  answer: Answer
  /** The status of the answer: 200 unless said. */
  status?: 200 | 201 | 202
  /** Its sign-in, when it has one. */
  preHandler?: preHandlerHookHandler
  handle: (request: FastifyRequest<{ Body: z.output<Body> }>, reply: FastifyReply) => Promise<z.input<Answer>>
}

/**
 * Registers a form route at `path`: a body in, under a named rate limit (plugins/rate-limit), and the answer
 * `handle` gives, sent with the route's status.
 */
export function formRoute<Body extends z.ZodMiniType, Answer extends z.ZodMiniType>(
  app: App,
  schema: SchemaMaker,
  rateLimit: RateLimitOptions,
  path: string,
  route: FormRoute<Body, Answer>,
) {
  const status = route.status ?? 200
  app.route({
    method: route.method ?? 'POST',
    url: path,
    schema: schema(route.summary, {
      ...(route.description === undefined ? {} : { description: route.description }),
      body: route.body,
      response: { [status]: route.answer },
    }),
    config: { rateLimit },
    ...(route.preHandler ? { preHandler: route.preHandler } : {}),
    handler: async (request, reply) =>
      reply
        .status(status)
        .send(await route.handle(request as FastifyRequest<{ Body: z.output<Body> }>, reply)),
  })
}
