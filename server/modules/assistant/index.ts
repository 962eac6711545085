// The assistant module's public face: the app registers its routes; nothing else reaches inside.
export { assistantRoutes } from './routes'
