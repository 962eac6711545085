import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  authResponseSchema,
  detailSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  twoFactorLoginRequestSchema,
  twoFactorLoginResponseSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  verifyEmailPaths,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@/contract/auth'
import { isLoopbackHost } from '../../config'
import { forbidden, unauthorized } from '../../lib/errors'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { resendVerification, verifyEmail } from './email-verification'
import * as auth from './service'
import * as twoFactor from './two-factor'
import { formRoute } from '../../lib/route-form'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'

const errors = errorAnswers(400, 401, 403, 409, 429)
const schema = routeSchemas({ tags: ['auth'], errors })
const signedIn = routeSchemas({ tags: ['auth'], security: bearerSecurity, errors })

/** The refresh cookie: `__Host-` prefixed over https (Secure, Path=/, no Domain), else scoped to /api/auth. */
export function refreshCookie(https: boolean) {
  return https
    ? { name: '__Host-refresh_token', path: '/', secure: true }
    : { name: 'refresh_token', path: '/api/auth', secure: false }
}

/**
 * A browser sends fetch metadata (Sec-Fetch-Site) or an Origin with its calls: it gets the refresh
 * token only as an httpOnly cookie. Other clients (the desktop main process, API users) get it in the
 * body and keep it themselves.
 */
export function isBrowserRequest(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== undefined || request.headers.origin !== undefined
}

/**
 * Cookie-carrying calls must come from our own pages: SameSite=Strict already keeps the cookie off
 * cross-site requests, and this refuses them outright (also in browsers without SameSite).
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string) {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw forbidden('Cross-site request refused.')
  }
  const origin = request.headers.origin
  if (
    origin !== undefined &&
    origin !== new URL(publicUrl).origin &&
    origin !== `${request.protocol}://${request.host}`
  ) {
    throw forbidden('Cross-site request refused.')
  }
}

export function authDeps(app: FastifyInstance, request: FastifyRequest): auth.AuthDeps {
  return {
    db: app.db,
    tokens: app.accessTokens,
    sessionState: app.sessionState,
    mailer: app.mailer,
    passwordHashCost: app.config.passwordHashCost,
    log: request.log,
    // The demo staff account skips two-factor only on a loopback address, never in a public demo.
    demoActive: app.config.demo.active && isLoopbackHost(app.config.host),
    onRegistered: app.registrationListeners,
    publicUrl: app.config.publicUrl,
  }
}

export function clientInfo(request: FastifyRequest): auth.ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' }
}

export const authRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (
  app,
  { secureCookies },
) => {
  const cookie = refreshCookie(secureCookies)
  const deps = (request: FastifyRequest) => authDeps(app, request)

  function setRefreshCookie(reply: FastifyReply, token: string, remember: boolean) {
    reply.setCookie(cookie.name, token, {
      path: cookie.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: cookie.secure,
      ...(remember ? { maxAge: auth.SESSION_LIFETIME.remember.absoluteMs / 1000 } : {}),
    })
  }
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(cookie.name, {
      path: cookie.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: cookie.secure,
    })

  /** Hands a new session over: cookie for browsers, body for everyone else. */
  function deliver(request: FastifyRequest, reply: FastifyReply, session: auth.IssuedSession) {
    if (isBrowserRequest(request)) {
      setRefreshCookie(reply, session.refresh, session.remember)
      // A successful sign-in makes this browser a trusted device: others' wrong guesses never block it.
      app.trustedDevices.trust(request, reply, session.client.id)
      return { access: session.access, client: session.client }
    }
    return { access: session.access, refresh: session.refresh, client: session.client }
  }

  formRoute(app, schema, limits.register, '/api/client/auth/register/', {
    summary: 'Create a client account and sign in',
    body: registerRequestSchema,
    answer: authResponseSchema,
    status: 201,
    handle: async (request, reply) => {
      if (isBrowserRequest(request)) assertSameOrigin(request, app.config.publicUrl)
      const session = await auth.register(deps(request), request.body, clientInfo(request))
      return deliver(request, reply, session)
    },
  })

  formRoute(app, schema, limits.login, '/api/client/auth/login/', {
    summary: 'Sign in with e-mail and password',
    description:
      'Answers the session, or `{two_factor, challenge}` when the account signs in with a second factor.',
    body: loginRequestSchema,
    answer: loginResponseSchema,
    handle: async (request, reply) => {
      if (isBrowserRequest(request)) assertSameOrigin(request, app.config.publicUrl)
      const device = app.trustedDevices.read(request)
      const result = await auth.login(deps(request), request.body, clientInfo(request), device)
      return 'two_factor' in result ? result : deliver(request, reply, result)
    },
  })

  formRoute(app, schema, limits.codeCheck, '/api/client/auth/login/2fa/', {
    summary: 'Second sign-in step: a code from the authenticator app or a recovery code',
    body: twoFactorLoginRequestSchema,
    answer: twoFactorLoginResponseSchema,
    handle: async (request, reply) => {
      if (isBrowserRequest(request)) assertSameOrigin(request, app.config.publicUrl)
      const session = await twoFactor.completeLogin(deps(request), request.body, clientInfo(request))
      const delivered = deliver(request, reply, session)
      return session.recovery_codes ? { ...delivered, recovery_codes: session.recovery_codes } : delivered
    },
  })

  formRoute(app, schema, limits.codeCheck, '/api/client/auth/login/2fa/setup/', {
    summary: 'Set up the authenticator app during sign-in (staff accounts without one)',
    body: twoFactorSetupRequestSchema,
    answer: twoFactorSetupSchema,
    handle: (request) => twoFactor.beginLoginSetup(deps(request), request.body.challenge),
  })

  app.post(
    '/api/auth/token/refresh/',
    {
      schema: schema('Exchange a refresh token (body or cookie) for a new access and refresh token', {
        description:
          'The presented refresh token is rotated. Presenting a rotated token again revokes its session, ' +
          `except within ${auth.REFRESH_REUSE_GRACE_MS / 1000} seconds of its rotation while its ` +
          'successor is unused (a retry after a lost answer): that answers the same successor. ' +
          'A token sent in the body comes back in the body; a cookie comes back as a cookie.',
        body: z.optional(refreshRequestSchema),
        response: { 200: refreshResponseSchema },
      }),
      config: { rateLimit: limits.refresh },
    },
    async (request, reply) => {
      const bodyToken = request.body?.refresh
      if (!bodyToken) assertSameOrigin(request, app.config.publicUrl)
      const token = bodyToken ?? request.cookies[cookie.name]
      if (!token) throw unauthorized('Refresh token was not provided.')
      try {
        const next = await auth.refresh(deps(request), token, clientInfo(request))
        if (bodyToken) return { access: next.access, refresh: next.refresh }
        setRefreshCookie(reply, next.refresh, next.remember)
        return { access: next.access }
      } catch (error) {
        if (!bodyToken) clearRefreshCookie(reply)
        throw error
      }
    },
  )

  app.post(
    '/api/auth/logout/',
    {
      schema: schema('End the session of a refresh token (body or cookie)', {
        body: z.optional(logoutRequestSchema),
        response: { 200: detailSchema },
      }),
      config: { rateLimit: limits.refresh },
    },
    async (request, reply) => {
      const bodyToken = request.body?.refresh
      if (!bodyToken) assertSameOrigin(request, app.config.publicUrl)
      await auth.logout(deps(request), bodyToken ?? request.cookies[cookie.name])
      clearRefreshCookie(reply)
      return { detail: 'Successfully logged out.' }
    },
  )

  formRoute(app, schema, limits.codeCheck, verifyEmailPaths.verify, {
    summary: 'Verify my email address with the link sent to it',
    description:
      'No sign-in needed: the token from the `/verify-email?token=` link verifies the address it was sent to, once, within 7 days. 400 `{detail}` for an unknown, used or expired link.',
    body: verifyEmailRequestSchema,
    answer: verifyEmailResponseSchema,
    handle: (request) => verifyEmail(app.db, request.body.token, app.emailVerifiedListeners),
  })

  app.post(
    verifyEmailPaths.resend,
    {
      schema: signedIn('Send me a new email verification link', { response: { 200: detailSchema } }),
      config: { rateLimit: limits.recovery },
      preHandler: app.authenticate,
    },
    async (request) =>
      resendVerification(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
        callerOf(request).userId,
      ),
  )
}
