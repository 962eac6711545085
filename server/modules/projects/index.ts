/** The public face of this module: what app.ts and other code may import. */
export { projectRoutes } from './routes'
export { projectStaffRoutes } from './staff-routes'
