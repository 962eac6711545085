/** The public face of this module: what app.ts, config.ts and other modules may import. */
export { certificateRoutes } from './routes'
export { parseSigningKey } from '../../lib/signing-key'
