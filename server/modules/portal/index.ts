/** The public face of this module: what app.ts and other modules may import. */
export { canReadProject, projectSharedWith, projectVisibleTo } from './repository'
export { portalRoutes } from './routes'
export { portalStaffRoutes } from './staff-routes'
