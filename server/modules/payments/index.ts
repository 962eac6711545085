/** The public face of this module: what app.ts and other modules may import. */
export {
  OrderHooks,
  type FulfilledListener,
  type Fulfiller,
  type FulfilmentContext,
  type OrderListener,
  type OrderRow,
} from './fulfilment'
export { PaymentEvents } from './events'
export { billingRoutes } from './billing-routes'
export { savedCardRoutes } from './cards'
export { paymentDeps, paymentRoutes } from './routes'
export { paymentSandboxRoutes } from './sandbox-routes'
export {
  automaticPaymentMessages,
  cancelOwnOrder,
  createOrder,
  listSavedCards,
  localGatewayMessages,
  orderView,
  payOrderAutomatically,
  startFawryPayment,
  startPaymobPayment,
  type AutomaticPayment,
  type NewOrderInput,
  type PaymentDeps,
} from './service'
export { markRefunded, refundOrder } from './refunds'
export { paymentStaffRoutes } from './staff-routes'
export { paidOrdersSince } from './repository'
