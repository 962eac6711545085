import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import {
  referralCodeSchema,
  referralInviteResponseSchema,
  referralInviteSchema,
  referralListSchema,
  referralPaths,
  referralSchema,
  referralStatsSchema,
} from '@/contract/referrals'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { registerReferralHooks } from './hooks'
import * as referrals from './service'

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}
const security = [{ bearer: [] }]

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReferralHooks(app)

  app.get(
    referralPaths.myCode,
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['referrals'],
        summary: 'My referral code and the registration link carrying it',
        security,
        response: { 200: referralCodeSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => referrals.myCode(app.db, app.config.publicUrl, callerOf(request).userId),
  )

  app.post(
    referralPaths.refer,
    {
      schema: {
        tags: ['referrals'],
        summary: 'Invite a friend by e-mail',
        description:
          'Sends the invitation with my link. 400 for my own address or one that already has an account, 409 when my invitation to it is still open.',
        security,
        body: referralInviteSchema,
        response: { 201: referralInviteResponseSchema, ...errors },
      },
      config: { rateLimit: limits.publicForm },
      preHandler: app.authenticate,
    },
    async (request, reply) =>
      reply.status(201).send(
        await referrals.refer(
          {
            db: app.db,
            mailer: app.mailer,
            publicUrl: app.config.publicUrl,
            rewardMinor: app.config.referralRewardMinor,
          },
          callerOf(request).userId,
          request.body.email,
        ),
      ),
  )

  app.get(
    referralPaths.stats,
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['referrals'],
        summary: 'How my referrals stand (rewards in USD)',
        security,
        response: { 200: referralStatsSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => referrals.stats(app.db, callerOf(request).userId, app.config.referralRewardMinor),
  )

  app.get(
    referralPaths.myReferrals,
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['referrals'],
        summary: 'My referrals, newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: referralListSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await referrals.myReferrals(app.db, callerOf(request).userId, request.query.page),
      ),
  )

  app.post(
    '/api/referrals/referrals/:id/cancel/',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Cancel one of my invitations that is still pending',
        security,
        params: recordIdParamSchema,
        response: { 200: referralSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => referrals.cancel(app.db, callerOf(request).userId, request.params.id),
  )
}
