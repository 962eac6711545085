import type { FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  authResponseSchema,
  detailSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
} from '@/contract/auth'
import { errorBodySchema } from '@/contract/common'
import { unauthorized } from '../../lib/errors'
import { limits } from '../../plugins/rate-limit'
import * as auth from './service'

export const REFRESH_COOKIE = 'refresh_token'
const COOKIE_PATH = '/api/auth'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema }

export const authRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (
  app,
  { secureCookies },
) => {
  const deps = (): auth.AuthDeps => ({
    db: app.db,
    tokens: app.accessTokens,
    mailer: app.mailer,
    passwordHashCost: app.config.passwordHashCost,
    log: app.log,
  })

  /** The web client keeps its refresh token only in this cookie; JavaScript never sees it. */
  function setRefreshCookie(reply: FastifyReply, token: string, remember: boolean) {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      ...(remember ? { maxAge: auth.REFRESH_TTL.remember / 1000 } : {}),
    })
  }
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
    })
  const presentedToken = (request: FastifyRequest, body: { refresh?: string | undefined } | undefined) =>
    body?.refresh ?? request.cookies[REFRESH_COOKIE]

  app.post(
    '/api/client/auth/register/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a client account and sign in',
        body: registerRequestSchema,
        response: { 201: authResponseSchema, ...errors },
      },
      config: { rateLimit: limits.register },
    },
    async (request, reply) => {
      const session = await auth.register(deps(), request.body)
      setRefreshCookie(reply, session.refresh, session.remember)
      return reply
        .status(201)
        .send({ access: session.access, refresh: session.refresh, client: session.client })
    },
  )

  app.post(
    '/api/client/auth/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
      config: { rateLimit: limits.login },
    },
    async (request, reply) => {
      const session = await auth.login(deps(), request.body)
      setRefreshCookie(reply, session.refresh, session.remember)
      return { access: session.access, refresh: session.refresh, client: session.client }
    },
  )

  app.post(
    '/api/auth/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token (body or cookie) for a new access and refresh token',
        description:
          'The presented refresh token is rotated. Presenting a rotated token again revokes its session.',
        body: z.optional(refreshRequestSchema),
        response: { 200: refreshResponseSchema, ...errors },
      },
      config: { rateLimit: limits.refresh },
    },
    async (request, reply) => {
      const token = presentedToken(request, request.body)
      if (!token) throw unauthorized('Refresh token was not provided.')
      try {
        const next = await auth.refresh(deps(), token)
        if (!request.body?.refresh) setRefreshCookie(reply, next.refresh, next.remember)
        return { access: next.access, refresh: next.refresh }
      } catch (error) {
        if (!request.body?.refresh) clearRefreshCookie(reply)
        throw error
      }
    },
  )

  app.post(
    '/api/auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh token (body or cookie)',
        body: z.optional(logoutRequestSchema),
        response: { 200: detailSchema, ...errors },
      },
      config: { rateLimit: limits.refresh },
    },
    async (request, reply) => {
      await auth.logout(deps(), presentedToken(request, request.body))
      clearRefreshCookie(reply)
      return { detail: 'Successfully logged out.' }
    },
  )
}
