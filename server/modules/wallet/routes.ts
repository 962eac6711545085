import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  walletPaths,
  walletSchema,
  walletTransactionListSchema,
  walletTransactionQuerySchema,
} from '@/contract/wallet'
import { callerOf } from '../../plugins/auth'
import * as wallet from './service'
import type { WalletSources } from './service'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { pageRoute } from '../../lib/route-page'

const schema = routeSchemas({
  tags: ['wallet'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 404),
})

/** `GET /api/client/wallet/` and `/api/client/wallet/transactions/` (spec 001 §7 Client). */
export const walletRoutes: FastifyPluginAsyncZod<WalletSources> = async (app, sources) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    walletPaths.wallet,
    {
      config: { keepAnswer: true },
      schema: schema(
        "The caller's wallet: balance, recent transactions, referral code and stats, saved cards",
        { response: { 200: walletSchema } },
      ),
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store')
      return wallet.walletOf(app.db, callerOf(request).userId, sources)
    },
  )

  pageRoute(app, schema, walletPaths.transactions, {
    summary: "The caller's ledger entries, newest first",
    query: walletTransactionQuerySchema,
    page: walletTransactionListSchema,
    keepAnswer: true,
    load: (request, query) => wallet.transactions(app.db, callerOf(request).userId, query),
  })
}
