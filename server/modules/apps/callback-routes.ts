import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import {
  callbackDeliveryListSchema,
  callbackDeliverySchema,
  callbackSettingsInputSchema,
  callbackSettingsSchema,
  webhookSecretSchema,
} from '@/contract/app-callbacks'
import { errorBodySchema, pageNumber, recordId, recordIdParamSchema } from '@/contract/common'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import type { CallbackPolicy } from './callback-url'
import * as settings from './callback-settings'
import type { AppsDeps } from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
const client = { tags: ['client'], security: [{ bearer: [] }] }

/** The app owner's side of status callbacks: the URL, the signing secret, the deliveries and Resend. */
export function callbackRoutes(
  deps: AppsDeps,
  policy: CallbackPolicy,
  onResend: () => void,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', app.authenticate)

    app.put(
      '/api/client/apps/:id/callback/',
      {
        schema: {
          ...client,
          summary:
            'Sets (or with null removes) the URL status changes are POSTed to; the first one also answers the signing secret, once',
          params: recordIdParamSchema,
          body: callbackSettingsInputSchema,
          response: { 200: callbackSettingsSchema, ...errors },
        },
      },
      async (request) =>
        settings.saveCallbackUrl(
          deps,
          policy,
          callerOf(request),
          request.params.id,
          request.body.callback_url,
        ),
    )

    app.post(
      '/api/client/apps/:id/webhook-secret/',
      {
        schema: {
          ...client,
          summary:
            'A new signing secret for the callbacks, answered once; the previous one signs beside it for 24 hours',
          params: recordIdParamSchema,
          response: { 200: webhookSecretSchema, ...errors },
        },
      },
      async (request) => settings.rotateWebhookSecret(deps, callerOf(request), request.params.id),
    )

    app.get(
      '/api/client/apps/:id/deliveries/',
      {
        schema: {
          ...client,
          summary: "The app's status callbacks, newest first: event, last response, attempts and next retry",
          params: recordIdParamSchema,
          querystring: z.object({ page: pageNumber() }),
          response: { 200: callbackDeliveryListSchema, ...errors },
        },
      },
      async (request) =>
        paginate(
          request,
          app.config.publicUrl,
          await settings.listDeliveries(deps, callerOf(request), request.params.id, request.query.page),
        ),
    )

    app.post(
      '/api/client/apps/:id/deliveries/:deliveryId/resend/',
      {
        schema: {
          ...client,
          summary:
            'Resend: the callback is attempted again now (same webhook-id), with 24 hours of retries after it',
          params: z.object({ id: recordId(), deliveryId: recordId() }),
          response: { 200: callbackDeliverySchema, ...errors },
        },
      },
      async (request) => {
        const delivery = await settings.resendDelivery(
          deps,
          callerOf(request),
          request.params.id,
          request.params.deliveryId,
        )
        onResend()
        return delivery
      },
    )
  }
}
