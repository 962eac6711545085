import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  ORDER_CURRENCY,
  PAYMENT_GATEWAYS,
  cardSetupRequestSchema,
  cardSetupResponseSchema,
  fawryProcessResponseSchema,
  localGatewayProcessRequestSchema,
  orderCreateSchema,
  orderIdParamSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  paymentMessages,
  paymentPaths,
  paymentsConfigSchema,
  paymobProcessResponseSchema,
  savedCardMessages,
  savedPaymentMethodListSchema,
  savedPaymentMethodRemovedSchema,
  stripeProcessRequestSchema,
  stripeProcessResponseSchema,
  walletPaymentResponseSchema,
  type PaymentGatewayName,
} from '@/contract/payments'
import { InvalidNotificationError } from '../../adapters/payments'
import { badRequest } from '../../lib/errors'
import { callerOf } from '../../plugins/auth'
import { EXTRA_REFUND_QUEUE, refundExtraPayment } from './extra-payments'
import { RECONCILE_QUEUE, reconcileJob } from './reconcile'
import * as payments from './service'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { pageRoute } from '../../lib/route-page'

const errors = errorAnswers(400, 401, 404, 409)
const tags = ['payments']
const security = bearerSecurity
const schema = routeSchemas({ tags, security, errors })

export function paymentDeps(app: FastifyInstance): payments.PaymentDeps {
  return {
    db: app.db,
    config: app.config,
    log: app.log,
    payments: app.payments,
    orderHooks: app.orderHooks,
    jobs: app.jobs,
    mailer: app.mailer,
    // Read when called: the pass is built from these same deps.
    kick: () => app.paymentEvents.kick(),
    settle: async () => {
      app.paymentEvents.kick()
      await app.paymentEvents.idle()
    },
  }
}

/** Orders, the gateways' process endpoints (spec 001 §7 Payments, 002 §7.2) and saved cards. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = paymentDeps(app)
  app.jobs.define<{ orderId: number }>(payments.FULFIL_QUEUE, (data) =>
    payments.fulfilOrderJob(deps, data.orderId),
  )
  app.jobs.define<{ id: number }>(EXTRA_REFUND_QUEUE, async (data) => {
    await refundExtraPayment(deps, data.id)
  })
  // Checkouts left open are asked about at their gateway (reconcile.ts).
  app.jobs.define(RECONCILE_QUEUE, () => reconcileJob(deps), { cron: '* * * * *' })
  app.jobs.define(payments.SWEEP_QUEUE, async () => void (await payments.sweepUnfulfilled(deps)), {
    cron: '*/15 * * * *',
  })
  // Recorded notifications are applied by passes: kicked by each webhook in this instance, and every
  // minute by this sweep on any instance, which is the guarantee (a crash after the answer loses nothing).
  app.jobs.define(payments.EVENTS_SWEEP_QUEUE, async () => void (await payments.applyPendingEvents(deps)), {
    cron: '* * * * *',
  })
  // Notifications recorded before a restart are applied now rather than at the next sweep.
  app.addHook('onReady', async () => {
    app.paymentEvents.kick()
  })
  app.addHook('preClose', async () => {
    await app.paymentEvents.stop()
  })

  app.get(
    paymentPaths.config,
    {
      schema: {
        tags,
        summary: 'Which gateways are real and which are the sandbox, and the USD to EGP rate',
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => ({
      gateways: PAYMENT_GATEWAYS.map((name) => {
        const gateway = app.payments.gateway(name)
        return { name, sandbox: gateway.sandbox, currency: gateway.currency }
      }),
      stripe_publishable_key: app.payments.stripePublishableKey,
      usd_to_egp_rate: app.config.payments.usdToEgpRate,
    }),
  )

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>()
    signedIn.addHook('preHandler', app.authenticate)

    signedIn.post(
      paymentPaths.orders,
      {
        schema: schema(
          'Create a wallet top-up order; a repeated idempotency key answers the same order (200)',
          { body: orderCreateSchema, response: { 200: orderSchema, 201: orderSchema } },
        ),
      },
      async (request, reply) => {
        const { order, created } = await payments.createTopup(app.db, callerOf(request).userId, request.body)
        return reply.status(created ? 201 : 200).send(payments.orderView(order))
      },
    )

    pageRoute(signedIn, schema, paymentPaths.orders, {
      summary: "The caller's orders, newest first",
      query: orderListQuerySchema,
      page: orderListSchema,
      keepAnswer: true,
      load: (request, query) => payments.listOrders(app.db, callerOf(request).userId, query),
    })

    signedIn.get(
      '/api/payments/orders/:id/',
      {
        config: { keepAnswer: true },
        schema: schema("One of the caller's orders (what checkout and the result pages poll)", {
          params: recordIdParamSchema,
          response: { 200: orderSchema },
        }),
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store')
        return payments.getOrder(app.db, callerOf(request).userId, request.params.id)
      },
    )

    signedIn.post(
      '/api/payments/orders/:id/pay-with-wallet/',
      {
        schema: schema('Pay an order from the wallet when the balance covers it', {
          params: recordIdParamSchema,
          response: { 200: walletPaymentResponseSchema },
        }),
      },
      async (request) => {
        const order = await payments.payWithWallet(deps, callerOf(request).userId, request.params.id)
        return { success: true, message: paymentMessages.paidFromWallet, order: payments.orderView(order) }
      },
    )

    signedIn.post(
      paymentPaths.stripeProcess,
      {
        schema: {
          tags,
          summary: 'Start a card payment for an order (amount in cents); with a saved card, confirm at once',
          security,
          body: stripeProcessRequestSchema,
          response: {
            200: stripeProcessResponseSchema,
            ...errors,
            502: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        const userId = callerOf(request).userId
        const body = request.body
        if (!body.order_id) throw badRequest(paymentMessages.orderDataNotFound)
        const existing = await payments.getOrder(app.db, userId, body.order_id)
        if (body.currency.toUpperCase() !== ORDER_CURRENCY)
          throw badRequest(paymentMessages.currencyMismatch, { currency: [paymentMessages.currencyMismatch] })
        if (body.amount !== Math.round(existing.amount * 100))
          throw badRequest(paymentMessages.amountMismatch, { amount: [paymentMessages.amountMismatch] })
        const useSaved = body.use_saved_payment_method || body.confirm_payment
        let savedMethodRef: string | null = null
        if (useSaved) {
          const ref = body.saved_payment_method_id
          if (ref === undefined || ref === null || ref === '')
            throw badRequest(paymentMessages.savedCardNotFound)
          const numeric = typeof ref === 'number' ? ref : /^\d{1,9}$/.test(ref) ? Number(ref) : ref
          savedMethodRef = (await payments.findSavedMethod(app.db, userId, numeric)).gatewayMethodId
        }
        const { session, order } = await payments.startCheckout(
          deps,
          userId,
          body.order_id,
          app.payments.stripe,
          {
            returnTo: body.return_to,
            saveCard: body.save_payment_method || Boolean(body.save_card),
            savedMethodRef,
          },
        )
        const declined = session.immediate?.status === 'failed'
        return {
          success: !declined,
          message: declined
            ? (session.immediate?.reason ?? paymentMessages.paymentFailed)
            : savedMethodRef && session.immediate?.status !== 'requires_action'
              ? paymentMessages.savedCardCharged
              : paymentMessages.formReady,
          order_id: order.id,
          client_secret: session.clientSecret,
          payment_intent_id: session.gatewayRef,
          checkout_url: session.url,
          publishable_key: app.payments.stripePublishableKey,
          sandbox: app.payments.stripe.sandbox,
          status: order.status,
        }
      },
    )

    signedIn.post(
      '/api/payments/paymob/process/:order_id/',
      {
        schema: {
          tags,
          summary: 'Start a Paymob payment (EGP): answers the iframe URL',
          security,
          params: orderIdParamSchema,
          body: localGatewayProcessRequestSchema,
          response: {
            200: paymobProcessResponseSchema,
            ...errors,
            502: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) =>
        payments.startPaymobPayment(deps, callerOf(request).userId, request.params.order_id, request.body),
    )

    signedIn.post(
      '/api/payments/fawry/process/:order_id/',
      {
        schema: {
          tags,
          summary: 'Start a Fawry payment (EGP): answers the redirect URL and reference number',
          security,
          params: orderIdParamSchema,
          body: localGatewayProcessRequestSchema,
          response: {
            200: fawryProcessResponseSchema,
            ...errors,
            502: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) =>
        payments.startFawryPayment(deps, callerOf(request).userId, request.params.order_id, request.body),
    )

    signedIn.get(
      paymentPaths.savedMethods,
      {
        config: { keepAnswer: true },
        schema: schema("The caller's saved cards, default first", {
          response: { 200: savedPaymentMethodListSchema },
        }),
      },
      async (request) => ({ results: await payments.listSavedCards(app.db, callerOf(request).userId) }),
    )

    signedIn.post(
      paymentPaths.cardSetup,
      {
        schema: {
          tags,
          summary: 'Start adding a card without paying (SetupIntent, or the sandbox card page)',
          security,
          body: cardSetupRequestSchema,
          response: { 200: cardSetupResponseSchema, ...errors, 502: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => {
        const setup = await payments.startCardSetup(deps, callerOf(request).userId, {
          makeDefault: request.body.is_default,
          returnTo: request.body.return_to,
        })
        return {
          client_secret: setup.clientSecret,
          setup_intent_id: setup.setupRef,
          checkout_url: setup.url,
          publishable_key: app.payments.stripePublishableKey,
          sandbox: app.payments.stripe.sandbox,
        }
      },
    )

    signedIn.delete(
      '/api/payments/stripe/saved-payment-methods/:id/remove/',
      {
        schema: {
          tags,
          summary: 'Remove one of the caller’s saved cards',
          security,
          params: recordIdParamSchema,
          response: {
            200: savedPaymentMethodRemovedSchema,
            ...errors,
            502: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        await payments.removeSavedCard(deps, callerOf(request).userId, request.params.id)
        return { success: true, message: savedCardMessages.removed }
      },
    )
  })

  // Server notifications: verified on the raw bytes, so this scope keeps JSON bodies as buffers.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers()
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
    for (const name of PAYMENT_GATEWAYS) {
      hooks.post(
        paymentPaths.webhook(name as PaymentGatewayName),
        { schema: { hide: true } },
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
          const query = Object.fromEntries(
            Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
          let notification
          try {
            notification = await app.payments
              .gateway(name)
              .parseNotification({ rawBody, headers: request.headers, query })
          } catch (error) {
            if (error instanceof InvalidNotificationError) {
              request.log.warn({ gateway: name, reason: error.message }, 'refused a payment notification')
              throw badRequest('Invalid notification.')
            }
            throw error
          }
          // Recorded in one statement and answered at once; a pass applies it after this answer.
          const result = await payments.recordNotification(deps, name, notification)
          if (result === 'recorded') app.paymentEvents.kick()
          return reply.status(200).send({ received: true, result })
        },
      )
    }
  })
}
