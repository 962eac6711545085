import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/contract/common'
import {
  walletPaths,
  walletSchema,
  walletTransactionListSchema,
  walletTransactionQuerySchema,
} from '@/contract/wallet'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import * as wallet from './service'
import type { WalletSources } from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }

/** `GET /api/client/wallet/` and `/api/client/wallet/transactions/` (spec 001 §7 Client). */
export const walletRoutes: FastifyPluginAsyncZod<WalletSources> = async (app, sources) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    walletPaths.wallet,
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['wallet'],
        summary: "The caller's wallet: balance, recent transactions, referral code and stats, saved cards",
        security: [{ bearer: [] }],
        response: { 200: walletSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store')
      return wallet.walletOf(app.db, callerOf(request).userId, sources)
    },
  )

  app.get(
    walletPaths.transactions,
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['wallet'],
        summary: "The caller's ledger entries, newest first",
        security: [{ bearer: [] }],
        querystring: walletTransactionQuerySchema,
        response: { 200: walletTransactionListSchema, ...errors },
      },
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await wallet.transactions(app.db, callerOf(request).userId, request.query),
      ),
  )
}
