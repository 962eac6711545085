import type { FastifyInstance } from 'fastify'
import { companyParty, emailReceipt, issueReceipt } from './service'

/** Every paid order gets its receipt in the fulfilment transaction, e-mailed once that has committed. */
export function registerReceiptHooks(app: FastifyInstance) {
  const company = companyParty()
  app.orderHooks.onPaid((tx, order, context) =>
    issueReceipt(tx, order, { taxRatePercent: context.config.receiptTaxRate, company }).then(() => undefined),
  )
  app.orderHooks.onFulfilled((order) => emailReceipt(app.db, app.mailer, app.config.publicUrl, order.id))
}
