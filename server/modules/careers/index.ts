/** The public face of this module: what app.ts, the seed and other modules may import. */
export { careerRoutes } from './routes'
export { createJob } from './service'
export { jobApplicationSource, openCv } from './inbox'
export { careerStaffRoutes } from './staff-routes'
