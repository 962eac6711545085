import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailChangeRequestSchema, emailConfirmRequestSchema, profileUpdateSchema } from '@/contract/accounts'
import { accountSchema, detailSchema } from '@/contract/auth'
import { errorBodySchema } from '@/contract/common'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { authDeps } from '../auth'
import * as accounts from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema }
const security = [{ bearer: [] }]

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: Parameters<typeof authDeps>[1]): accounts.AccountDeps => ({
    ...authDeps(app, request),
    publicUrl: app.config.publicUrl,
  })

  app.get(
    '/api/client/accounts/me/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['client'],
        summary: 'The signed-in account',
        security,
        response: { 200: accountSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => accounts.getAccount(app, callerOf(request).userId),
  )

  app.patch(
    '/api/client/accounts/me/',
    {
      schema: {
        tags: ['client'],
        summary: 'Save the profile (a new phone number needs current_password)',
        security,
        body: profileUpdateSchema,
        response: { 200: accountSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      preHandler: app.authenticate,
    },
    async (request) => accounts.updateProfile(deps(request), callerOf(request).userId, request.body),
  )

  app.post(
    '/api/client/accounts/me/email/',
    {
      schema: {
        tags: ['client'],
        summary: 'Ask to change the e-mail address: a confirmation link goes to the new address',
        security,
        body: emailChangeRequestSchema,
        response: { 202: detailSchema, ...errors },
      },
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
      schema: {
        tags: ['client'],
        summary: 'Confirm an e-mail change with the token from the link',
        security,
        body: emailConfirmRequestSchema,
        response: { 200: accountSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      preHandler: app.authenticate,
    },
    async (request) =>
      accounts.confirmEmailChange(deps(request), callerOf(request).userId, request.body.token),
  )
}
