import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '@/contract/auth'
import { forbidden, unauthorized } from '../lib/errors'
import { AccessTokens } from '../lib/tokens'

export interface Caller {
  userId: number
  role: Role
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
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

/** The caller of a route behind `authenticate`; a missing caller there is a wiring bug, answered as 401. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized()
  return request.caller
}

export default fp<{ secret: string; previousSecret?: string | undefined }>(
  async (app, { secret, previousSecret }) => {
    const tokens = new AccessTokens(secret, previousSecret)
    app.decorate('accessTokens', tokens)
    app.decorateRequest('caller', null)

    async function readCaller(request: FastifyRequest): Promise<Caller | null | 'invalid'> {
      const header = request.headers.authorization
      if (!header) return null
      const [scheme, token] = header.split(' ')
      if (scheme !== 'Bearer' || !token) return 'invalid'
      return (await tokens.verify(token)) ?? 'invalid'
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const caller = await readCaller(request)
      if (caller === null) throw unauthorized()
      if (caller === 'invalid') throw unauthorized('Given token not valid for any token type')
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
  },
  { name: 'auth' },
)
