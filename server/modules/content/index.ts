/** The public face of this module: the content export and import of `npm run content`, content images. */
export { ContentError, exportContent, importContent } from './transfer'
export { contentStaffRoutes } from './staff-routes'
export { contentMediaRoutes } from './routes'
