import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { recordIdParamSchema } from '@/contract/common'
import {
  API_KEY_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENT_REPLAYED_HEADER,
  MESSAGES_PER_MINUTE,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  messagingErrors,
  messagingErrorSchema,
  sendMessageSchema,
} from '@/contract/messaging'
import { hashApiKey } from './api-keys'
import { answerWithCodes, invalidField } from './api-errors'
import type { UsageAlert } from './messaging'
import * as messaging from './messaging'
import { listMessages, readMessage, toMessageBody } from './message-resource'

export const USAGE_ALERT_QUEUE = 'app-usage-alert'

type Headers = Record<string, string | string[] | undefined>

function apiKeyOf(headers: Headers): string | undefined {
  const value = headers[API_KEY_HEADER]
  return typeof value === 'string' ? value.trim() : undefined
}

/** The Idempotency-Key header: undefined when absent; 1 to 255 printable characters when present. */
function idempotencyKeyOf(headers: Headers): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER]
  if (value === undefined) return undefined
  const key = typeof value === 'string' ? value.trim() : ''
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x20-\x7e]+$/.test(key))
    throw invalidField('Idempotency-Key', messagingErrors.idempotencyKeyInvalid)
  return key
}

/** Each status an error can answer, documented with the codes it carries. */
function errorResponses(statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, messagingErrorSchema]))
}

export interface MessagingApiOptions {
  /** Called once a message is stored: starts a delivery pass in this instance. */
  onAccepted: () => void
}

/**
 * The messaging API for clients' systems, with the app's key: send, read, list. Every error answers
 * `{detail, code}` (see MESSAGING_API_GUIDE in the contract).
 */
export function messagingApiRoutes(
  app: FastifyInstance,
  options: MessagingApiOptions,
): FastifyPluginAsyncZod {
  return async (api) => {
    answerWithCodes(api)
    const perKey = {
      max: MESSAGES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: { headers: Headers; ip: string }) => {
        const key = apiKeyOf(request.headers)
        return key ? `app-key:${hashApiKey(key)}` : `ip:${request.ip}`
      },
    }
    // Loose: the other headers stay as they came.
    const keyHeaders = z.looseObject({ [API_KEY_HEADER]: z.optional(z.string()) })

    api.post(
      '/api/v1/messages',
      {
        config: { rateLimit: perKey },
        schema: {
          tags: ['messaging'],
          summary: 'Sends an SMS, e-mail or WhatsApp message with an app’s package',
          description: [
            'Accepted once the message and its quota use are stored (202 with the message); delivery follows,',
            'and each status change is POSTed to the app’s callback URL. Send `Idempotency-Key` to make retries safe.',
            '',
            '```',
            'curl -X POST https://cypher.example/api/v1/messages \\',
            '  -H "X-API-Key: cyk_test_…" -H "Idempotency-Key: 5f0c2f7e-order-1042" \\',
            '  -H "Content-Type: application/json" \\',
            `  -d '{"channel":"sms","to":"+13125550199","body":"Your order 1042 is on its way."}'`,
            '```',
          ].join('\n'),
          security: [{ apiKey: [] }],
          headers: z.looseObject({
            [API_KEY_HEADER]: z.optional(z.string()),
            [IDEMPOTENCY_KEY_HEADER]: z.optional(z.string()),
          }),
          body: sendMessageSchema,
          response: { 202: messageSchema, ...errorResponses([400, 401, 402, 403, 413, 415, 422, 429]) },
        },
      },
      async (request, reply) => {
        const idempotencyKey = idempotencyKeyOf(request.headers)
        const { message, alerts, replayed } = await messaging.acceptMessage(
          app.db,
          apiKeyOf(request.headers),
          request.body,
          idempotencyKey,
        )
        if (!replayed) options.onAccepted()
        await queueAlerts(app, alerts, request.log)
        if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        return reply.status(202).send(toMessageBody(message))
      },
    )

    api.get(
      '/api/v1/messages',
      {
        config: { rateLimit: perKey },
        schema: {
          tags: ['messaging'],
          summary: 'The app’s messages, newest first, a cursor page at a time',
          description:
            'Only the key’s mode: a live key lists live messages, a test key test messages. `next` is the URL of the next page (null on the last).',
          security: [{ apiKey: [] }],
          headers: keyHeaders,
          querystring: messageListQuerySchema,
          response: { 200: messageListSchema, ...errorResponses([400, 401, 429]) },
        },
      },
      async (request) =>
        listMessages(
          app.db,
          apiKeyOf(request.headers),
          request.query,
          new URL(request.url, app.config.publicUrl),
        ),
    )

    api.get(
      '/api/v1/messages/:id',
      {
        config: { rateLimit: perKey },
        schema: {
          tags: ['messaging'],
          summary: 'One message with its delivery status',
          security: [{ apiKey: [] }],
          headers: keyHeaders,
          params: recordIdParamSchema,
          response: { 200: messageSchema, ...errorResponses([400, 401, 404, 429]) },
        },
      },
      async (request) => readMessage(app.db, apiKeyOf(request.headers), request.params.id),
    )
  }
}

async function queueAlerts(app: FastifyInstance, alerts: UsageAlert[], log: FastifyInstance['log']) {
  try {
    for (const alert of alerts) await app.jobs.send(USAGE_ALERT_QUEUE, { alert })
  } catch (error) {
    log.error({ err: error }, 'usage alert not queued')
  }
}
