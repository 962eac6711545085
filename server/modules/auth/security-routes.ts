import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  credentialChangeResponseSchema,
  detailSchema,
  passwordChangeRequestSchema,
  passwordConfirmationSchema,
  recoveryCodesSchema,
  sessionIdParamSchema,
  sessionListSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@/contract/auth'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import { badRequest, notFound } from '../../lib/errors'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { authDeps } from './routes'
import * as repo from './repository'
import * as sessions from './sessions'
import * as twoFactor from './two-factor'

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}
const security = [{ bearer: [] }]

/** The signed-in user's own sessions, password and two-factor settings (the settings page). */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.authenticate }

  app.get(
    '/api/auth/sessions/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in devices of this account, most recently used first',
        security,
        response: { 200: sessionListSchema, ...errors },
      },
      ...guarded,
    },
    async (request) => sessions.listSessions(authDeps(app, request), callerOf(request)),
  )

  app.post(
    '/api/auth/sessions/:id/revoke/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign one device out (the current password is required)',
        security,
        params: sessionIdParamSchema,
        body: passwordConfirmationSchema,
        response: { 200: detailSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) =>
      sessions.revokeOneSession(
        authDeps(app, request),
        callerOf(request),
        request.params.id,
        request.body.password,
      ),
  )

  app.post(
    '/api/auth/logout-everywhere/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out every device, this one included (the current password is required)',
        security,
        body: passwordConfirmationSchema,
        response: { 200: detailSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) =>
      sessions.signOutEverywhere(authDeps(app, request), callerOf(request), request.body.password),
  )

  app.post(
    '/api/auth/password/change/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        security,
        body: passwordChangeRequestSchema,
        response: { 200: credentialChangeResponseSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) => sessions.changePassword(authDeps(app, request), callerOf(request), request.body),
  )

  app.get(
    '/api/auth/2fa/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether two-factor sign-in is on, required, and how many recovery codes are left',
        security,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
      ...guarded,
    },
    async (request) => twoFactor.status(authDeps(app, request), callerOf(request).userId),
  )

  app.post(
    '/api/auth/2fa/setup/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start setting up an authenticator app (the current password is required)',
        security,
        body: passwordConfirmationSchema,
        response: { 200: twoFactorSetupSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) => {
      const deps = authDeps(app, request)
      const caller = callerOf(request)
      await sessions.confirmPassword(deps, caller.userId, request.body.password)
      return twoFactor.beginSetup(deps, caller.userId)
    },
  )

  app.post(
    '/api/auth/2fa/enable/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with the first code; answers the recovery codes once',
        description: 'Every other session is signed out; the answer carries a new access token for this one.',
        security,
        body: twoFactorEnableRequestSchema,
        response: { 200: credentialChangeResponseSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) => {
      const deps = authDeps(app, request)
      const caller = callerOf(request)
      const recoveryCodes = await twoFactor.confirmSetup(deps, caller.userId, request.body.code)
      const access = await sessions.endOtherSessions(deps, caller, 'two-factor sign-in turned on')
      return { detail: 'Two-factor sign-in is on.', access, recovery_codes: recoveryCodes }
    },
  )

  app.post(
    '/api/auth/2fa/disable/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off (password and a code); not possible for staff',
        security,
        body: twoFactorDisableRequestSchema,
        response: { 200: credentialChangeResponseSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) => {
      const deps = authDeps(app, request)
      const caller = callerOf(request)
      await sessions.confirmPassword(deps, caller.userId, request.body.password)
      if (!(await twoFactor.verifySecondFactor(deps, caller.userId, twoFactor.proofOf(request.body.code)))) {
        throw badRequest(twoFactor.twoFactorMessages.wrongCode, {
          code: [twoFactor.twoFactorMessages.wrongCode],
        })
      }
      await twoFactor.disable(deps, caller.userId)
      const access = await sessions.endOtherSessions(deps, caller, 'two-factor sign-in turned off')
      return { detail: 'Two-factor sign-in is off.', access }
    },
  )

  app.post(
    '/api/auth/2fa/recovery-codes/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Replace the recovery codes (the current password is required); the old ones stop working',
        security,
        body: passwordConfirmationSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
      config: { rateLimit: limits.codeCheck },
      ...guarded,
    },
    async (request) => {
      const deps = authDeps(app, request)
      const caller = callerOf(request)
      await sessions.confirmPassword(deps, caller.userId, request.body.password)
      return { recovery_codes: await twoFactor.regenerateRecoveryCodes(deps, caller.userId) }
    },
  )

  app.post(
    '/api/auth/users/:id/sessions/revoke/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff: sign every session of one user out',
        security,
        params: recordIdParamSchema,
        response: { 200: detailSchema, ...errors },
      },
      preHandler: app.requireStaff,
    },
    async (request) => {
      const deps = authDeps(app, request)
      if (!(await repo.findUserById(deps.db, request.params.id))) throw notFound()
      await sessions.revokeAllSessions(
        deps,
        request.params.id,
        `revoked by staff user ${callerOf(request).userId}`,
      )
      request.log.info(
        {
          event: 'auth.sessions_revoked_by_staff',
          userId: request.params.id,
          staffId: callerOf(request).userId,
        },
        'sessions revoked by staff',
      )
      return { detail: 'Every session of this user was signed out.' }
    },
  )
}
