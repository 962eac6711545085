/** The public face of this module: what app.ts may import. */
export { staffRoutes } from './routes'
