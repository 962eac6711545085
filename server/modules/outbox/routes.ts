import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { TWILIO_STATUS_PATH } from '../../adapters/sms'
import { isValidTwilioSignature } from '../../adapters/sms/twilio'
import { notFound, unauthorized } from '../../lib/errors'
import { isLocalRequest } from '../../lib/loopback'
import { applyProviderStatus } from '../apps'
import { outboxPage } from './page'
import * as outbox from './service'

export const OUTBOX_PATH = '/sandbox/outbox'

/** The sandbox outbox page (loopback only) and the SMS provider's delivery-status callback. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OUTBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Recovery codes are readable here: never from another machine or through a proxy.
    if (!isLocalRequest(app.config.host, request)) throw notFound()
    const entries = await outbox.latestMessages(app.db)
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(outboxPage(entries))
  })

  const twilio = app.config.twilio
  if (!twilio) return
  // Twilio posts form-encoded parameters; this parser exists only inside this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.post(TWILIO_STATUS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>
    const url = `${app.config.publicUrl}${TWILIO_STATUS_PATH}`
    const signature = request.headers['x-twilio-signature']
    if (
      !isValidTwilioSignature(
        twilio.authToken,
        url,
        params,
        typeof signature === 'string' ? signature : undefined,
      )
    ) {
      throw unauthorized('Invalid signature.')
    }
    await outbox.applyTwilioStatus(app.db, params)
    // The messaging API's own message (its status, and the app's status callback).
    await applyProviderStatus(app, params)
    return reply.status(204).send()
  })
}
