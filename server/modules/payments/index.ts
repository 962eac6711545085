/** The public face of this module: what app.ts and other modules may import. */
export {
  OrderHooks,
  type Fulfiller,
  type FulfilmentContext,
  type OrderListener,
  type OrderRow,
} from './fulfilment'
