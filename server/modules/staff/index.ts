/** The public face of this module: what app.ts may import. */
export { staffRoutes, type StaffConsoleOptions } from './routes'
