/** The public face of this module: what app.ts, the seed and other modules may import. */
export { blogRoutes } from './routes'
export { createAuthor, createCategory, createPost } from './service'
export * as blogStaff from './staff-changes'
export { ViewCounter } from './view-counter'
