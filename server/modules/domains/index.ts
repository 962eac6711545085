/** The public face of this module: what app.ts and other code may import. */
export { domainRoutes } from './routes'
