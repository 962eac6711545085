/** The public face of this module: what app.ts and other modules may import. */
export { receiptRoutes } from './routes'
export { receiptPdf } from './service'
