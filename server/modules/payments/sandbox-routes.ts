import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SANDBOX_PATH, type SandboxPageResult } from '../../adapters/payments'
import { notFound } from '../../lib/errors'

/**
 * The sandbox's hosted checkout pages (ARCHITECTURE §5): served only while some gateway is the sandbox
 * and `PAYMENTS_SANDBOX` is on (a loopback HOST by default). Plain HTML forms, no scripts.
 */
export const paymentSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.payments.sandbox
  if (!sandbox?.pagesEnabled) return
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  const answer = (reply: FastifyReply, result: SandboxPageResult) => {
    void reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex')
    if (result.kind === 'redirect') return reply.redirect(result.location, 303)
    return reply.status(result.status).type('text/html; charset=utf-8').send(result.html)
  }
  const form = (body: unknown): Record<string, string> =>
    body && typeof body === 'object'
      ? Object.fromEntries(
          Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : {}
  const token = (query: unknown): string => {
    const value = (query as { s?: unknown } | undefined)?.s
    if (typeof value !== 'string' || value.length > 4096) throw notFound()
    return value
  }

  app.get(`${SANDBOX_PATH}/checkout`, { schema: { hide: true } }, async (request, reply) =>
    answer(reply, sandbox.checkoutPage(token(request.query))),
  )
  app.post(`${SANDBOX_PATH}/checkout`, { schema: { hide: true } }, async (request, reply) =>
    answer(reply, await sandbox.submitCheckout(token(request.query), form(request.body))),
  )
  app.get(`${SANDBOX_PATH}/confirm`, { schema: { hide: true } }, async (request, reply) =>
    answer(reply, sandbox.confirmPage(token(request.query))),
  )
  app.post(`${SANDBOX_PATH}/confirm`, { schema: { hide: true } }, async (request, reply) =>
    answer(reply, await sandbox.submitConfirm(token(request.query), form(request.body))),
  )
}
