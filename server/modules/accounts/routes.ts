import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailChangeRequestSchema, emailConfirmRequestSchema, profileUpdateSchema } from '@/contract/accounts'
import { accountSchema, detailSchema } from '@/contract/auth'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { authDeps } from '../auth'
import * as accounts from './service'
import { formRoute } from '../../lib/route-form'
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

  formRoute(app, schema, limits.codeCheck, '/api/client/accounts/me/', {
    method: 'PATCH',
    summary: 'Save the profile (a new phone number needs current_password)',
    body: profileUpdateSchema,
    answer: accountSchema,
    preHandler: app.authenticate,
    handle: (request) => accounts.updateProfile(deps(request), callerOf(request).userId, request.body),
  })

  formRoute(app, schema, limits.recovery, '/api/client/accounts/me/email/', {
    summary: 'Ask to change the e-mail address: a confirmation link goes to the new address',
    body: emailChangeRequestSchema,
    answer: detailSchema,
    status: 202,
    preHandler: app.authenticate,
    handle: (request) => accounts.requestEmailChange(deps(request), callerOf(request).userId, request.body),
  })

  formRoute(app, schema, limits.codeCheck, '/api/client/accounts/me/email/confirm/', {
    summary: 'Confirm an e-mail change with the token from the link',
    body: emailConfirmRequestSchema,
    answer: accountSchema,
    preHandler: app.authenticate,
    handle: (request) =>
      accounts.confirmEmailChange(deps(request), callerOf(request).userId, request.body.token),
  })
}
