/** The public face of this module: what app.ts and other code may import. */
export { partnerRoutes } from './routes'
export { partnerStaffRoutes } from './staff-routes'
