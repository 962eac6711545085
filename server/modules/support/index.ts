/** The public face of this module: what app.ts, the configuration, the seed and the staff console may import. */
export {
  DEFAULT_RESPONSE_TARGETS,
  dueDateFor,
  parseResponseTargets,
  type ResponseTargets,
} from '../../lib/response-targets'
export { supportRoutes } from './routes'
export {
  addComment,
  attachmentRule,
  listCategories,
  listTickets,
  ticketDetail,
  type SupportDeps,
} from './service'
export { updateTicket } from './staff-changes'
export { openTicketsByPriority } from './repository'
