// The accounts module's public face: other modules import only from here.
export { accountRoutes } from './routes'
export { getAccount } from './service'
export * as clientStaff from './staff-changes'
