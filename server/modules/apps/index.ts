/** The public face of this module: what app.ts and other code may import. */
export { appRoutes } from './routes'
export { activateApp, cancelPendingApp, fulfilAppOrder, suspendRefundedApp } from './service'
export { generateApiKey } from './api-keys'
export { applyProviderStatus } from './provider-status'
