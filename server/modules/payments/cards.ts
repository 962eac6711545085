import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import { paymentMessages, savedPaymentMethodListSchema } from '@/contract/payments'
import type { Database } from '../../db/client'
import { notFound } from '../../lib/errors'
import { callerOf } from '../../plugins/auth'
import * as repo from './repository'
import { listSavedCards } from './service'

/**
 * 'Make default' on the wallet's Saved Cards tab (issue 24): the default card is the one automatic
 * renewals charge when the wallet does not cover them. Another client's card is a 404.
 */
export async function makeDefaultCard(db: Database, userId: number, cardId: number) {
  const found = await db.transaction((tx) => repo.setDefaultSavedMethod(tx, userId, cardId))
  if (!found) throw notFound(paymentMessages.savedCardNotFound)
  return listSavedCards(db, userId)
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }

export const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate)
  app.post(
    '/api/payments/stripe/saved-payment-methods/:id/default/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Make one of the caller’s saved cards the default; answers the cards, default first',
        security: [{ bearer: [] }],
        params: recordIdParamSchema,
        response: { 200: savedPaymentMethodListSchema, ...errors },
      },
    },
    async (request) => ({
      results: await makeDefaultCard(app.db, callerOf(request).userId, request.params.id),
    }),
  )
}
