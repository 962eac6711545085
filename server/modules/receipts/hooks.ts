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
 * Every paid order gets its receipt in the fulfilment transaction; once that has committed, it is
 * e-mailed at once, and a job retries it when the mail server refuses it; the sweep queues one whose
 * instance crashed before it went out. A crash or a refusal delays the e-mail instead of losing it.
 */
export function registerReceiptHooks(app: FastifyInstance) {
  const company = companyParty()
  const send = (orderId: number) => emailReceipt(app.db, app.mailer, app.config.publicUrl, orderId)
  app.orderHooks.onPaid((tx, order, context) =>
    issueReceipt(tx, order, { taxRatePercent: context.config.receiptTaxRate, company }),
  )
  app.jobs.define<{ orderId: number }>(RECEIPT_EMAIL_QUEUE, async ({ orderId }) => {
    // Another sender holds the claim: retried with backoff until it is sent (by anyone) or the claim of
    // a sender that died runs out.
    if ((await send(orderId)) === 'claimed')
      throw new Error(`The receipt e-mail of order ${orderId} is being sent by another sender.`)
  })
  app.jobs.define(
    RECEIPT_EMAIL_SWEEP_QUEUE,
    async () => {
      for (const orderId of await overdueReceiptEmails(app.db)) await queue(orderId)
    },
    { cron: '*/15 * * * *' },
  )
  async function queue(orderId: number) {
    // One job per receipt while it waits, runs or retries (`singletonKey` would not dedupe our queues).
    await app.jobs.send(RECEIPT_EMAIL_QUEUE, { orderId }, { onceKey: `receipt-${orderId}` })
  }
  // E-mails being sent by this instance, awaited before the database closes.
  const sending = new Set<Promise<void>>()
  app.orderHooks.onFulfilled(async (order) => {
    if (!app.jobs.running) return void (await send(order.id))
    // Sent at once, without waiting in the caller (the pass applying gateway notifications goes on
    // meanwhile) and without a job (three job-queue statements per payment on the one embedded
    // connection). A failure goes to the job queue, which retries with backoff; a crash mid-send leaves the
    // receipt claimed but unsent, and the sweep queues it (sent once that claim has run out).
    const attempt = send(order.id).then(
      () => undefined,
      async (error: unknown) => {
        app.log.warn({ err: error, orderId: order.id }, 'receipt e-mail failed; retried on the job queue')
        try {
          await queue(order.id)
        } catch (queueError) {
          app.log.error(
            { err: queueError, orderId: order.id },
            'could not queue the receipt e-mail; the sweep will',
          )
        }
      },
    )
    sending.add(attempt)
    void attempt.finally(() => sending.delete(attempt))
  })
  app.addHook('preClose', async () => {
    await Promise.all(sending)
  })
}
