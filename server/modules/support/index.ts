/** The public face of this module: what app.ts, the configuration, the seed and the staff console may import. */
export {
  DEFAULT_RESPONSE_TARGETS,
  dueDateFor,
  parseResponseTargets,
  type ResponseTargets,
} from '../../lib/response-targets'
export { supportRoutes } from './routes'
export { supportStaffRoutes } from './staff-routes'
export { attachmentRule } from './service'
export { openTicketsByPriority } from './repository'
