import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import {
  referralCodeSchema,
  referralInviteResponseSchema,
  referralInviteSchema,
  referralListSchema,
  referralPaths,
  referralSchema,
  referralStatsSchema,
} from '@/contract/referrals'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { registerReferralHooks } from './hooks'
import * as referrals from './service'
import { formRoute } from '../../lib/route-form'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { pageRoute } from '../../lib/route-page'

const schema = routeSchemas({
  tags: ['referrals'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 404, 409, 429),
})

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReferralHooks(app)

  app.get(
    referralPaths.myCode,
    {
      config: { keepAnswer: true },
      schema: schema('My referral code and the registration link carrying it', {
        response: { 200: referralCodeSchema },
      }),
      preHandler: app.authenticate,
    },
    async (request) => referrals.myCode(app.db, app.config.publicUrl, callerOf(request).userId),
  )

  formRoute(app, schema, limits.publicForm, referralPaths.refer, {
    summary: 'Invite a friend by e-mail',
    description:
      'Sends the invitation with my link. 400 for my own address or one that already has an account, 409 when my invitation to it is still open.',
    body: referralInviteSchema,
    answer: referralInviteResponseSchema,
    status: 201,
    preHandler: app.authenticate,
    handle: (request) =>
      referrals.refer(
        {
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          rewardMinor: app.config.referralRewardMinor,
        },
        callerOf(request).userId,
        request.body.email,
      ),
  })

  app.get(
    referralPaths.stats,
    {
      config: { keepAnswer: true },
      schema: schema('How my referrals stand (rewards in USD)', { response: { 200: referralStatsSchema } }),
      preHandler: app.authenticate,
    },
    async (request) => referrals.stats(app.db, callerOf(request).userId, app.config.referralRewardMinor),
  )

  pageRoute(app, schema, referralPaths.myReferrals, {
    summary: 'My referrals, newest first',
    query: pageQuerySchema,
    page: referralListSchema,
    keepAnswer: true,
    preHandler: app.authenticate,
    load: (request, query) => referrals.myReferrals(app.db, callerOf(request).userId, query.page),
  })

  app.post(
    '/api/referrals/referrals/:id/cancel/',
    {
      schema: schema('Cancel one of my invitations that is still pending', {
        params: recordIdParamSchema,
        response: { 200: referralSchema },
      }),
      preHandler: app.authenticate,
    },
    async (request) => referrals.cancel(app.db, callerOf(request).userId, request.params.id),
  )
}
