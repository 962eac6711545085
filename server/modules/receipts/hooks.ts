import type { FastifyInstance } from 'fastify'
import {
  companyParty,
  emailReceipt,
  issueReceipt,
  overdueReceiptEmails,
  RECEIPT_EMAIL_QUEUE,
  RECEIPT_EMAIL_SWEEP_QUEUE,
} from './service'

/**
 * Every paid order gets its receipt in the fulfilment transaction; once that has committed, a job
 * e-mails it, so a crash or a mail server that refuses it delays the e-mail instead of losing it.
 */
export function registerReceiptHooks(app: FastifyInstance) {
  const company = companyParty()
  const send = (orderId: number) => emailReceipt(app.db, app.mailer, app.config.publicUrl, orderId)
  app.orderHooks.onPaid((tx, order, context) =>
    issueReceipt(tx, order, { taxRatePercent: context.config.receiptTaxRate, company }),
  )
  app.jobs.define<{ orderId: number }>(RECEIPT_EMAIL_QUEUE, ({ orderId }) => send(orderId))
  app.jobs.define(
    RECEIPT_EMAIL_SWEEP_QUEUE,
    async () => {
      for (const orderId of await overdueReceiptEmails(app.db)) await queue(orderId)
    },
    { cron: '*/15 * * * *' },
  )
  async function queue(orderId: number) {
    await app.jobs.send(RECEIPT_EMAIL_QUEUE, { orderId }, { singletonKey: `receipt-${orderId}` })
  }
  app.orderHooks.onFulfilled(async (order) => {
    if (!app.jobs.running) return send(order.id)
    try {
      await queue(order.id)
    } catch (error) {
      app.log.error({ err: error, orderId: order.id }, 'could not queue the receipt e-mail; the sweep will')
    }
  })
}
