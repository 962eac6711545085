import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { UpdateTicketInput } from '@/contract/support'
import { callerOf } from '../../plugins/auth'
import { ticketDetail, type SupportDeps } from './service'
import { updateTicket } from './staff-changes'

type App = Pick<FastifyInstance, 'db' | 'storage' | 'mailer' | 'config'>

/** What the support services need for one request; a staff caller's changes are audited. */
export const supportDeps = (app: App, request: FastifyRequest): SupportDeps => ({
  db: app.db,
  storage: app.storage,
  mailer: app.mailer,
  publicUrl: app.config.publicUrl,
  responseTargets: app.config.supportResponseTargets,
  log: request.log,
  audit:
    request.caller?.role === 'staff' ? { actorId: request.caller.userId, requestId: request.id } : undefined,
})

/**
 * The one handler of each ticket endpoint that has two addresses: the client side's
 * (`/api/support/tickets/{id}/`, `routes.ts`) and the console's (`/api/staff/tickets/{id}/`,
 * `staff-routes.ts`). Only the guard in front differs.
 */
export function ticketHandlers(app: App) {
  return {
    detail: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      ticketDetail(supportDeps(app, request), callerOf(request), request.params.id),
    update: async (request: FastifyRequest<{ Params: { id: number }; Body: UpdateTicketInput }>) =>
      updateTicket(supportDeps(app, request), callerOf(request), request.params.id, request.body),
  }
}
