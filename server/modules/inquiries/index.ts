/** The public face of this module: what app.ts and other code may import. */
export { inquiryRoutes } from './routes'
export { inboxSources, inquiryStaffRoutes, type AnyInboxSource } from './staff-routes'
