/** The public face of this module: what app.ts and other modules may import. */
export {
  OrderHooks,
  type Fulfiller,
  type FulfilmentContext,
  type OrderListener,
  type OrderRow,
} from './fulfilment'
export { paymentRoutes } from './routes'
export { paymentSandboxRoutes } from './sandbox-routes'
export { createOrder, listSavedCards, orderView, type NewOrderInput } from './service'
