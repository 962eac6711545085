import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/contract/common'
import { newsletterRequestSchema, newsletterResponseSchema } from '@/contract/newsletter'
import { limits } from '../../plugins/rate-limit'
import * as newsletter from './service'

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: newsletter.NewsletterDeps['log']) => ({ db: app.db, mailer: app.mailer, log })

  app.post(
    '/api/public/newsletter/subscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address (idempotent)',
        description:
          '201 for a new subscription (a confirmation e-mail is sent), 200 when already subscribed.',
        body: newsletterRequestSchema,
        response: {
          200: newsletterResponseSchema,
          201: newsletterResponseSchema,
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: { rateLimit: limits.publicForm },
    },
    async (request, reply) => {
      const { created, body } = await newsletter.subscribe(deps(request.log), request.body.email)
      return reply.status(created ? 201 : 200).send(body)
    },
  )

  app.post(
    '/api/public/newsletter/unsubscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe an e-mail address (idempotent)',
        body: newsletterRequestSchema,
        response: { 200: newsletterResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: limits.publicForm },
    },
    async (request) => newsletter.unsubscribe(deps(request.log), request.body.email),
  )
}
