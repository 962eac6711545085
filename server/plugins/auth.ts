import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '@/contract/auth'
import { forbidden, unauthorized } from '../lib/errors'
import { AccessTokens } from '../lib/tokens'
import { SessionState } from './session-state'

export interface Caller {
  userId: number
  role: Role
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
    sessionState: SessionState
    /** preHandler: requires a valid access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler: requires a staff access token. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler: reads an access token when one is sent, never fails. */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyRequest {
    caller: Caller | null
  }
}

const INVALID_TOKEN = 'Given token not valid for any token type'

/** The caller of a route behind `authenticate`; a missing caller there is a wiring bug, answered as 401. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized()
  return request.caller
}

export default fp<{ secret: string; previousSecret?: string | undefined; accessTokenTtlSeconds: number }>(
  async (app, { secret, previousSecret, accessTokenTtlSeconds }) => {
    const tokens = new AccessTokens(secret, previousSecret, accessTokenTtlSeconds)
    const sessionState = new SessionState(app.db)
    app.decorate('accessTokens', tokens)
    app.decorate('sessionState', sessionState)
    app.decorateRequest('caller', null)

    /** A signed, unexpired token whose user, session and issue time still stand (checked on every request). */
    async function readCaller(request: FastifyRequest): Promise<Caller | null | 'invalid'> {
      const header = request.headers.authorization
      if (!header) return null
      const [scheme, token] = header.split(' ')
      if (scheme !== 'Bearer' || !token) return 'invalid'
      const claims = await tokens.verify(token)
      if (!claims) return 'invalid'
      const role = await sessionState.check(claims)
      if (!role) return 'invalid'
      return { userId: claims.userId, role, sessionId: claims.sessionId }
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const caller = await readCaller(request)
      if (caller === null) throw unauthorized()
      if (caller === 'invalid') throw unauthorized(INVALID_TOKEN)
      request.caller = caller
    })
    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply)
      if (request.caller?.role !== 'staff') throw forbidden()
    })
    app.decorate('identify', async (request: FastifyRequest) => {
      const caller = await readCaller(request)
      request.caller = caller === 'invalid' ? null : caller
    })

    // Answers that carry a signed-in user's data or a token are never stored by a browser or a proxy.
    app.addHook('onSend', async (request, reply) => {
      if (!request.caller && !request.headers.authorization && !isTokenRoute(request)) return
      const current = reply.getHeader('cache-control')
      if (typeof current !== 'string' || !current.includes('no-store'))
        reply.header('cache-control', 'no-store')
    })
  },
  { name: 'auth', dependencies: ['db'] },
)

function isTokenRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? ''
  return url.startsWith('/api/auth/') || url.startsWith('/api/client/auth/')
}
