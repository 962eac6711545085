import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { detailSchema } from '@/contract/auth'
import {
  deliverySchema,
  requestCodeResponseSchema,
  requestCodeSchema,
  resetPasswordSchema,
  verifyCodeResponseSchema,
  verifyCodeSchema,
} from '@/contract/recovery'
import { isLocalRequest } from '../../lib/loopback'
import { limits } from '../../plugins/rate-limit'
import { isBrowserRequest } from '../auth'
import { OUTBOX_PATH } from '../outbox'
import * as recovery from './service'
import { formRoute } from '../../lib/route-form'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['recovery'], errors: errorAnswers(400, 429) })

/** Password recovery with one-time codes (spec 002 §2.9; real codes per ARCHITECTURE §6). */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const pending = new Set<Promise<void>>()
  // Deliveries still running when the server stops are awaited, so no code is lost half-written.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending])
  })
  const deps = (log: recovery.RecoveryDeps['log']): recovery.RecoveryDeps => ({
    db: app.db,
    mailer: app.mailer,
    sms: app.sms,
    passwordHashCost: app.config.passwordHashCost,
    sessionState: app.sessionState,
    log,
    background: (task) => {
      const run = task().catch((error: unknown) =>
        log.error({ err: error }, 'recovery e-mail or text not sent'),
      )
      pending.add(run)
      void run.finally(() => pending.delete(run))
    },
  })

  app.get(
    '/api/public/recovery/delivery/',
    {
      schema: {
        tags: ['recovery'],
        summary: 'How codes are delivered here (sandbox or real) and where a sandbox code can be read',
        response: { 200: deliverySchema },
      },
    },
    async (request) => ({
      email: { sandbox: app.mailer.sandbox },
      sms: { sandbox: app.sms.sandbox },
      outbox_url: isLocalRequest(app.config.host, request) ? `${app.config.publicUrl}${OUTBOX_PATH}` : null,
    }),
  )

  formRoute(app, schema, limits.recovery, '/api/public/recovery/request-code/', {
    summary: 'Send a 6-digit password reset code by e-mail or SMS',
    description:
      'Same answer whether or not the address has an account. A new code replaces the previous one; at most one per 60 s and 5 per hour per address (429). The code is valid for 300 s and 3 attempts. SMS goes to the account’s phone number; without a usable number the code is e-mailed.',
    body: requestCodeSchema,
    answer: requestCodeResponseSchema,
    handle: (request) => recovery.requestCode(deps(request.log), request.body),
  })

  formRoute(app, schema, limits.codeCheck, '/api/public/recovery/verify-code/', {
    summary: 'Check a code; answers a single-use reset token valid for 10 minutes',
    description:
      "400 'Invalid code. N attempt(s) remaining.' for a wrong code, 429 'Maximum attempts exceeded. Please request a new code.' after 3, 400 when the code expired or was replaced.",
    body: verifyCodeSchema,
    answer: verifyCodeResponseSchema,
    handle: async (request, reply) => {
      const { userId, ...answer } = await recovery.verifyCode(deps(request.log), request.body)
      // The code proved the mailbox (or phone): this browser now signs in past others' wrong guesses.
      if (isBrowserRequest(request)) app.trustedDevices.trust(request, reply, userId)
      return answer
    },
  })

  formRoute(app, schema, limits.recovery, '/api/public/recovery/reset-password/', {
    summary: 'Choose a new password with a reset token; ends every session of the account',
    body: resetPasswordSchema,
    answer: detailSchema,
    handle: (request) => recovery.resetPassword(deps(request.log), request.body),
  })
}
