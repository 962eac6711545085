/** The public face of this module: what app.ts, the configuration and the seed may import. */
export {
  DEFAULT_RESPONSE_TARGETS,
  dueDateFor,
  parseResponseTargets,
  type ResponseTargets,
} from './response-targets'
export { supportRoutes } from './routes'
