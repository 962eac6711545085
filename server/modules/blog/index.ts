/** The public face of this module: what app.ts, the seed and other modules may import. */
export { blogRoutes } from './routes'
export { createAuthor, createCategory, createPost } from './service'
export { blogStaffRoutes } from './staff-routes'
export { ViewCounter } from './view-counter'
