import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import {
  appDetailsSchema,
  appListSchema,
  cancelAppPaymentResponseSchema,
  createAppResponseSchema,
  createAppSchema,
  deleteAppSchema,
  packageListSchema,
  packageQuerySchema,
  packageTypeParamSchema,
  pendingAppMessages,
  rotateKeyResponseSchema,
} from '@/contract/apps'
import {
  clientPackageInputSchema,
  clientPackageListSchema,
  clientPackageSchema,
} from '@/contract/client-packages'
import { errorBodySchema, pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import {
  API_KEY_HEADER,
  MESSAGES_PER_MINUTE,
  messageStatusSchema,
  sendMessageSchema,
} from '@/contract/messaging'
import { notFound } from '../../lib/errors'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import { hashApiKey, KeySealer, resolveAppKeySecret } from './api-keys'
import * as messaging from './messaging'
import * as packages from './packages'
import * as appsService from './service'

export const DELIVERY_QUEUE = 'app-message-delivery'
export const USAGE_ALERT_QUEUE = 'app-usage-alert'
export const DELIVERY_SWEEP_QUEUE = 'app-message-sweep'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
const client = { tags: ['client'], security: [{ bearer: [] }] }

function apiKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[API_KEY_HEADER]
  return typeof value === 'string' ? value.trim() : undefined
}

/** Messaging apps (spec 001 §7 "Client"), the package catalogue, the client's own packages and the messaging API. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  const sealer = new KeySealer(await resolveAppKeySecret(app.config.appKeySecret, app.config.dataDir))
  const deps = { db: app.db, sealer }
  // Keys kept in clear text (older rows, the demo seed) are sealed before the server takes requests.
  app.addHook('onReady', async () => {
    const sealed = await appsService.sealClearTextKeys(deps)
    if (sealed > 0) app.log.info({ sealed }, 'app API keys moved to encrypted storage')
  })

  const portalRoutes: FastifyPluginAsyncZod = async (portal) => {
    portal.addHook('preHandler', app.authenticate)

    portal.get(
      '/api/client/apps/',
      {
        schema: {
          ...client,
          summary: "The caller's messaging apps with their subscriptions, newest first; API keys masked",
          querystring: pageQuerySchema,
          response: { 200: appListSchema, ...errors },
        },
      },
      async (request) =>
        paginate(
          request,
          app.config.publicUrl,
          await appsService.listApps(app.db, callerOf(request), request.query.page),
        ),
    )

    portal.get(
      '/api/client/apps/:id/',
      {
        schema: {
          ...client,
          summary:
            'One app: its full API key, statistics, 30 days of messages per channel, subscriptions and recent messages',
          params: recordIdParamSchema,
          response: { 200: appDetailsSchema, ...errors },
        },
      },
      async (request) => appsService.appDetails(deps, callerOf(request), request.params.id),
    )

    portal.post(
      '/api/client/apps/:id/rotate-key/',
      {
        schema: {
          ...client,
          summary: 'Reset App: a new API key; the previous one keeps working for 24 hours',
          params: recordIdParamSchema,
          response: { 200: rotateKeyResponseSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request) => appsService.rotateKey(deps, callerOf(request), request.params.id),
    )

    portal.post(
      '/api/client/apps/:id/delete/',
      {
        schema: {
          ...client,
          summary:
            'Delete App: deactivates the app after the typed confirmation of its name; its keys stop working',
          params: recordIdParamSchema,
          body: deleteAppSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await appsService.deleteApp(deps, callerOf(request), request.params.id, request.body.confirm_name)
        return reply.status(204).send(null)
      },
    )

    portal.post(
      '/api/client/apps/:id/cancel-payment/',
      {
        schema: {
          ...client,
          summary:
            "Cancels a pending app's unpaid order; the app is marked cancelled (409 once the payment is made)",
          params: recordIdParamSchema,
          response: { 200: cancelAppPaymentResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) => {
        await appsService.cancelAppPayment(deps, callerOf(request), request.params.id)
        return { success: true, message: pendingAppMessages.cancelled }
      },
    )

    portal.post(
      '/api/client/create-app/',
      {
        schema: {
          ...client,
          summary:
            'Creates an app (pending until its packages are paid) with one subscription per selected package',
          body: createAppSchema,
          response: { 201: createAppResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await appsService.createApp(deps, callerOf(request), request.body)
        const { packages: _packages, totalMinor: _total, ...body } = created
        return reply.status(201).send(body)
      },
    )

    portal.get(
      '/api/client/packages/',
      {
        schema: {
          ...client,
          summary: "The company's messaging packages, optionally of one service type",
          querystring: packageQuerySchema,
          response: { 200: packageListSchema, ...errors },
        },
      },
      async (request) => packages.listPackages(app.db, request.query.service_type),
    )

    portal.get(
      '/api/client/messaging/packages/:type_packages/',
      {
        schema: {
          ...client,
          summary:
            "The company's messaging packages of one service type (sms_packages, email_packages, whatsapp_packages)",
          params: z.object({ type_packages: z.string() }),
          response: { 200: packageListSchema, ...errors },
        },
      },
      async (request) => {
        const match = /^(sms|email|whatsapp)_packages$/.exec(request.params.type_packages)
        const parsed = packageTypeParamSchema.safeParse({ type: match?.[1] })
        if (!parsed.success) throw notFound()
        return packages.listPackages(app.db, parsed.data.type)
      },
    )

    const mine = '/api/client/messaging/my-packages/'
    portal.get(
      mine,
      {
        schema: {
          ...client,
          summary: "The client's own messaging packages",
          response: { 200: clientPackageListSchema, ...errors },
        },
      },
      async (request) => packages.listClientPackages(app.db, callerOf(request)),
    )
    portal.post(
      mine,
      {
        schema: {
          ...client,
          summary: 'Adds one of the client’s own packages (name, price > 0, messages > 0)',
          body: clientPackageInputSchema,
          response: { 201: clientPackageSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await packages.createClientPackage(app.db, callerOf(request), request.body)),
    )
    portal.patch(
      `${mine}:id/`,
      {
        schema: {
          ...client,
          summary: 'Edits one of the client’s own packages, or toggles it with `{active}` alone',
          params: recordIdParamSchema,
          body: clientPackageInputSchema,
          response: { 200: clientPackageSchema, ...errors },
        },
      },
      async (request) =>
        packages.updateClientPackage(app.db, callerOf(request), request.params.id, request.body),
    )
    portal.delete(
      `${mine}:id/`,
      {
        schema: {
          ...client,
          summary: 'Deletes one of the client’s own packages',
          params: recordIdParamSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await packages.deleteClientPackage(app.db, callerOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
  await app.register(portalRoutes)

  // The messaging API for clients' systems, with the app's key.
  const perKey = {
    max: MESSAGES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: { headers: Record<string, string | string[] | undefined>; ip: string }) => {
      const key = apiKeyOf(request.headers)
      return key ? `app-key:${hashApiKey(key)}` : `ip:${request.ip}`
    },
  }
  const sendingDeps = { db: app.db, mailer: app.mailer, sms: app.sms, whatsapp: app.whatsapp }
  // Delivery runs in passes over the messages table (the durable record): started at once in this
  // instance when messages are accepted, by a delayed job when a retry falls due, and every minute by the
  // sweep, so a crash, a restart or a provider outage never loses an accepted message.
  const deliverDue = async () => {
    const nextRetryAt = await messaging.deliverDueMessages(sendingDeps, app.jobs.timing)
    if (nextRetryAt && app.jobs.running) {
      const dueInSeconds = Math.max(1, Math.ceil((nextRetryAt.getTime() - Date.now()) / 1000))
      // One wake-up job per second at most, however many messages fall due then.
      await app.jobs.send(
        DELIVERY_QUEUE,
        {},
        { onceKey: `due-${Math.ceil(nextRetryAt.getTime() / 1000)}`, startAfterSeconds: dueInSeconds },
      )
    }
  }
  const delivery = new messaging.DeliveryPump(deliverDue, (error) =>
    app.log.error({ err: error }, 'message delivery pass failed; the sweep will retry'),
  )
  app.jobs.define(DELIVERY_QUEUE, deliverDue)
  app.jobs.define(DELIVERY_SWEEP_QUEUE, deliverDue, { cron: '* * * * *' })
  app.jobs.define<{ alert: messaging.UsageAlert }>(USAGE_ALERT_QUEUE, async ({ alert }) =>
    messaging.sendUsageAlert(sendingDeps, alert, app.config.publicUrl),
  )
  // Messages accepted before a restart are delivered now rather than at the next sweep.
  app.addHook('onReady', async () => {
    if (app.jobs.running) delivery.kick()
  })
  app.addHook('preClose', async () => {
    await delivery.stop()
  })
  const messagingErrorsSchema = {
    400: errorBodySchema,
    401: errorBodySchema,
    402: errorBodySchema,
    403: errorBodySchema,
    429: errorBodySchema,
  }

  app.post(
    '/api/v1/messages',
    {
      config: { rateLimit: perKey },
      schema: {
        tags: ['messaging'],
        summary: 'Sends an SMS, e-mail or WhatsApp message with an app’s package',
        description: [
          'Accepted once the message and its quota use are stored (202 with its id); delivery follows.',
          'Errors: 401 missing or invalid key, 403 app not active, 402 no package or package expired,',
          `429 package used up or more than ${MESSAGES_PER_MINUTE} requests a minute for the key.`,
          '',
          '```',
          'curl -X POST https://cypher.example/api/v1/messages \\',
          '  -H "X-API-Key: cyk_…" -H "Content-Type: application/json" \\',
          `  -d '{"channel":"sms","to":"+13125550199","body":"Your order 1042 is on its way."}'`,
          '```',
        ].join('\n'),
        security: [{ apiKey: [] }],
        body: sendMessageSchema,
        response: { 202: messageStatusSchema, ...messagingErrorsSchema },
      },
    },
    async (request, reply) => {
      const { message, alerts } = await messaging.acceptMessage(
        app.db,
        apiKeyOf(request.headers),
        request.body,
      )
      // The message and its quota use are stored: delivery is the pump's (or the sweep's) from here.
      if (app.jobs.running) delivery.kick()
      try {
        for (const alert of alerts) await app.jobs.send(USAGE_ALERT_QUEUE, { alert })
      } catch (error) {
        request.log.error({ err: error, messageId: message.id }, 'usage alert not queued')
      }
      return reply.status(202).send(messaging.toStatusBody(message))
    },
  )

  app.get(
    '/api/v1/messages/:id',
    {
      config: { rateLimit: perKey },
      schema: {
        tags: ['messaging'],
        summary: 'A message’s delivery status',
        security: [{ apiKey: [] }],
        params: recordIdParamSchema,
        response: {
          200: messageStatusSchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => messaging.messageStatus(app.db, apiKeyOf(request.headers), request.params.id),
  )
}
