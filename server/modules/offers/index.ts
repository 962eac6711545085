/** The public face of this module: what app.ts and other code may import. */
export { offerRoutes } from './routes'
export { offerStaffRoutes } from './staff-routes'
