import type { FastifyRequest } from 'fastify'
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
import { recordIdParamSchema } from '@/contract/common'
import { badRequest, notFound } from '../../lib/errors'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import { authDeps } from './routes'
import * as repo from './repository'
import * as sessions from './sessions'
import * as twoFactor from './two-factor'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({
  tags: ['auth'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 403, 404, 409, 429),
})

/** The signed-in user's own sessions, password and two-factor settings (the settings page). */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.authenticate }
  // The changes that need the current password or a code are rate limited like code checks.
  const checked = { config: { rateLimit: limits.codeCheck }, ...guarded }
  /** The caller and its deps, once the current password in the body is confirmed. */
  const confirmed = async (request: FastifyRequest<{ Body: { password: string } }>) => {
    const deps = authDeps(app, request)
    const caller = callerOf(request)
    await sessions.confirmPassword(deps, caller.userId, request.body.password)
    return { deps, caller }
  }

  app.get(
    '/api/auth/sessions/',
    {
      schema: schema('The signed-in devices of this account, most recently used first', {
        response: { 200: sessionListSchema },
      }),
      ...guarded,
    },
    async (request) => sessions.listSessions(authDeps(app, request), callerOf(request)),
  )

  app.post(
    '/api/auth/sessions/:id/revoke/',
    {
      schema: schema('Sign one device out (the current password is required)', {
        params: sessionIdParamSchema,
        body: passwordConfirmationSchema,
        response: { 200: detailSchema },
      }),
      ...checked,
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
      schema: schema('Sign out every device, this one included (the current password is required)', {
        body: passwordConfirmationSchema,
        response: { 200: detailSchema },
      }),
      ...checked,
    },
    async (request) =>
      sessions.signOutEverywhere(authDeps(app, request), callerOf(request), request.body.password),
  )

  app.post(
    '/api/auth/password/change/',
    {
      schema: schema('Change the password; every other session is signed out', {
        body: passwordChangeRequestSchema,
        response: { 200: credentialChangeResponseSchema },
      }),
      ...checked,
    },
    async (request) => sessions.changePassword(authDeps(app, request), callerOf(request), request.body),
  )

  app.get(
    '/api/auth/2fa/',
    {
      schema: schema('Whether two-factor sign-in is on, required, and how many recovery codes are left', {
        response: { 200: twoFactorStatusSchema },
      }),
      ...guarded,
    },
    async (request) => twoFactor.status(authDeps(app, request), callerOf(request).userId),
  )

  app.post(
    '/api/auth/2fa/setup/',
    {
      schema: schema('Start setting up an authenticator app (the current password is required)', {
        body: passwordConfirmationSchema,
        response: { 200: twoFactorSetupSchema },
      }),
      ...checked,
    },
    async (request) => {
      const { deps, caller } = await confirmed(request)
      return twoFactor.beginSetup(deps, caller.userId)
    },
  )

  app.post(
    '/api/auth/2fa/enable/',
    {
      schema: schema('Turn two-factor sign-in on with the first code; answers the recovery codes once', {
        description: 'Every other session is signed out; the answer carries a new access token for this one.',
        body: twoFactorEnableRequestSchema,
        response: { 200: credentialChangeResponseSchema },
      }),
      ...checked,
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
      schema: schema('Turn two-factor sign-in off (password and a code); not possible for staff', {
        body: twoFactorDisableRequestSchema,
        response: { 200: credentialChangeResponseSchema },
      }),
      ...checked,
    },
    async (request) => {
      const { deps, caller } = await confirmed(request)
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
      schema: schema(
        'Replace the recovery codes (the current password is required); the old ones stop working',
        { body: passwordConfirmationSchema, response: { 200: recoveryCodesSchema } },
      ),
      ...checked,
    },
    async (request) => {
      const { deps, caller } = await confirmed(request)
      return { recovery_codes: await twoFactor.regenerateRecoveryCodes(deps, caller.userId) }
    },
  )

  app.post(
    '/api/auth/users/:id/sessions/revoke/',
    {
      schema: schema('Staff: sign every session of one user out', {
        params: recordIdParamSchema,
        response: { 200: detailSchema },
      }),
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
