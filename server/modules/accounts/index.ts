// The accounts module's public face: other modules import only from here.
export { accountRoutes } from './routes'
export { accountStaffRoutes } from './staff-routes'
export { getAccount } from './service'
