/** The public face of this module: the content export and import of `npm run content`. */
export { ContentError, exportContent, importContent } from './transfer'
