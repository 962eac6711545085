import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailChangeRequestSchema, emailConfirmRequestSchema, profileUpdateSchema } from '@/contract/accounts'
import { accountSchema, detailSchema } from '@/contract/auth'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { authDeps } from '../auth'
import * as accounts from './service'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({
  tags: ['client'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 404, 429),
})

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: Parameters<typeof authDeps>[1]): accounts.AccountDeps => ({
    ...authDeps(app, request),
    publicUrl: app.config.publicUrl,
  })

  app.get(
    '/api/client/accounts/me/',
    {
      config: { keepAnswer: true },
      schema: schema('The signed-in account', { response: { 200: accountSchema } }),
      preHandler: app.authenticate,
    },
    async (request) => accounts.getAccount(app, callerOf(request).userId),
  )

  app.patch(
    '/api/client/accounts/me/',
    {
      schema: schema('Save the profile (a new phone number needs current_password)', {
        body: profileUpdateSchema,
        response: { 200: accountSchema },
      }),
      config: { rateLimit: limits.codeCheck },
      preHandler: app.authenticate,
    },
    async (request) => accounts.updateProfile(deps(request), callerOf(request).userId, request.body),
  )

  app.post(
    '/api/client/accounts/me/email/',
    {
      schema: schema('Ask to change the e-mail address: a confirmation link goes to the new address', {
        body: emailChangeRequestSchema,
        response: { 202: detailSchema },
      }),
      config: { rateLimit: limits.recovery },
      preHandler: app.authenticate,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await accounts.requestEmailChange(deps(request), callerOf(request).userId, request.body)),
  )

  app.post(
    '/api/client/accounts/me/email/confirm/',
    {
      schema: schema('Confirm an e-mail change with the token from the link', {
        body: emailConfirmRequestSchema,
        response: { 200: accountSchema },
      }),
      config: { rateLimit: limits.codeCheck },
      preHandler: app.authenticate,
    },
    async (request) =>
      accounts.confirmEmailChange(deps(request), callerOf(request).userId, request.body.token),
  )
}
