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
import { createSandboxMailer } from '../../adapters/mail'
import { createSandboxSms } from '../../adapters/sms'
import { createSandboxWhatsApp } from '../../adapters/whatsapp'
import { notFound } from '../../lib/errors'
import { paginate } from '../../lib/pagination'
import { PassPump } from '../../lib/pass-pump'
import { callerOf } from '../../plugins/auth'
import { sendExpiryAlerts, sendUsageAlert } from './alerts'
import { KeySealer, resolveAppKeySecret } from './api-keys'
import { messagingApiRoutes, USAGE_ALERT_QUEUE } from './api-routes'
import { callbackRoutes } from './callback-routes'
import * as callbacks from './callbacks'
import * as delivery from './delivery'
import { deleteExpiredIdempotencyKeys } from './message-repository'
import type { UsageAlert } from './messaging'
import * as packages from './packages'
import { CALLBACK_QUEUE } from './provider-status'
import * as appsService from './service'

export const DELIVERY_QUEUE = 'app-message-delivery'
export const DELIVERY_SWEEP_QUEUE = 'app-message-sweep'
export const EXPIRY_ALERT_QUEUE = 'app-expiry-alert'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
const client = { tags: ['client'], security: [{ bearer: [] }] }

/** Messaging apps (spec 001 §7 "Client"), the package catalogue, the client's own packages and the messaging API. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  const sealer = new KeySealer(await resolveAppKeySecret(app.config.appKeySecret, app.config.dataDir))
  const deps = { db: app.db, sealer }
  // Keys kept in clear text (older rows, the demo seed) are sealed before the server takes requests.
  app.addHook('onReady', async () => {
    const sealed = await appsService.sealClearTextKeys(deps)
    if (sealed > 0) app.log.info({ sealed }, 'app API keys moved to encrypted storage')
    const issued = await appsService.issueMissingTestKeys(deps)
    if (issued > 0) app.log.info({ issued }, 'test keys issued to apps that had none')
  })
  // Production: https callbacks to public addresses only; development and tests: http on loopback too.
  const callbackPolicy = { production: app.config.env === 'production' }

  const portalRoutes: FastifyPluginAsyncZod = async (portal) => {
    portal.addHook('preHandler', app.authenticate)

    portal.get(
      '/api/client/apps/',
      {
        config: { keepAnswer: true },
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
        config: { keepAnswer: true },
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

  const sandbox = {
    mailer: app.mailer.sandbox ? app.mailer : createSandboxMailer(app.db),
    sms: app.sms.sandbox ? app.sms : createSandboxSms(app.db),
    whatsapp: app.whatsapp.sandbox ? app.whatsapp : createSandboxWhatsApp(app.db),
  }
  const callbackDeps = { db: app.db, sealer, policy: callbackPolicy }
  // Callbacks run in passes over their table (the durable record), like delivery below.
  const deliverCallbacks = async () => {
    const next = await callbacks.deliverCallbacks(callbackDeps)
    if (next && app.jobs.running) await wakeAt(CALLBACK_QUEUE, next)
  }
  const callbackPump = new PassPump(deliverCallbacks, (error) =>
    app.log.error({ err: error }, 'callback pass failed; the sweep will retry'),
  )
  const sendingDeps = {
    db: app.db,
    mailer: app.mailer,
    sms: app.sms,
    whatsapp: app.whatsapp,
    testSenders: sandbox,
    onStatusChange: () => callbackPump.kick(),
  }
  /** One wake-up job per second at most, however many retries fall due then. */
  const wakeAt = async (queue: string, at: Date) => {
    const dueInSeconds = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000))
    await app.jobs.send(
      queue,
      {},
      { onceKey: `due-${Math.ceil(at.getTime() / 1000)}`, startAfterSeconds: dueInSeconds },
    )
  }
  // Delivery runs in passes over the messages table (the durable record): started at once in this
  // instance when messages are accepted, by a delayed job when a retry falls due, and every minute by the
  // sweep, so a crash, a restart or a provider outage never loses an accepted message.
  const deliverDue = async () => {
    const nextRetryAt = await delivery.deliverDueMessages(sendingDeps, app.jobs.timing)
    if (nextRetryAt && app.jobs.running) await wakeAt(DELIVERY_QUEUE, nextRetryAt)
  }
  const deliveryPump = new PassPump(deliverDue, (error) =>
    app.log.error({ err: error }, 'message delivery pass failed; the sweep will retry'),
  )
  app.jobs.define(DELIVERY_QUEUE, deliverDue)
  app.jobs.define(CALLBACK_QUEUE, deliverCallbacks)
  app.jobs.define(
    DELIVERY_SWEEP_QUEUE,
    async () => {
      await deliverDue()
      await deliverCallbacks()
      await deleteExpiredIdempotencyKeys(app.db, new Date())
    },
    { cron: '* * * * *' },
  )
  app.jobs.define(
    EXPIRY_ALERT_QUEUE,
    async () => void (await sendExpiryAlerts(sendingDeps, app.config.publicUrl)),
    { cron: '17 * * * *' },
  )
  app.jobs.define<{ alert: UsageAlert }>(USAGE_ALERT_QUEUE, async ({ alert }) =>
    sendUsageAlert(sendingDeps, alert, app.config.publicUrl),
  )
  // Messages and callbacks left from before a restart go now rather than at the next sweep.
  app.addHook('onReady', async () => {
    if (!app.jobs.running) return
    deliveryPump.kick()
    callbackPump.kick()
  })
  app.addHook('preClose', async () => {
    await deliveryPump.stop()
    await callbackPump.stop()
  })
  await app.register(callbackRoutes(deps, callbackPolicy, () => callbackPump.kick()))
  await app.register(
    messagingApiRoutes(app, {
      onAccepted: () => {
        if (app.jobs.running) deliveryPump.kick()
      },
    }),
  )
}
