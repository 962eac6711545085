/** The public face of this module: what app.ts and other code may import. */
export { officeRoutes } from './routes'
export { officeStaffRoutes } from './staff-routes'
