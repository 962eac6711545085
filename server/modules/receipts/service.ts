import { fromMinorUnits } from '@/contract/common'
import { RECEIPTS_PAGE_SIZE, receiptPdfPath, type Receipt } from '@/contract/receipts'
import { site } from '@/contract/site'
import type { Mailer } from '../../adapters/mail'
import type { Executor } from '../../db/client'
import type { ReceiptParty } from '../../db/schema/receipts'
import { notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import type { OrderRow } from '../../db/schema'
import { formatAmount, formatDate, GATEWAY_NAMES, renderReceiptPdf } from './pdf'
import * as repo from './repository'

export interface ReceiptSettings {
  /** Percent, 0 to 100; prices include it. */
  taxRatePercent: number
  company: ReceiptParty
}

/** The company as receipts name it (site facts, plus the configured address and tax id). */
export function companyParty(
  extra: { address?: string | undefined; taxId?: string | undefined } = {},
): ReceiptParty {
  return {
    name: site.legalName,
    email: site.supportEmail,
    phone: site.phone,
    ...(extra.address ? { address: extra.address } : {}),
    ...(extra.taxId ? { taxId: extra.taxId } : {}),
  }
}

/** Tax contained in a tax-inclusive total, rounded to the cent. */
export function taxOf(totalMinor: number, ratePercent: number): number {
  return Math.round((totalMinor * ratePercent) / (100 + ratePercent))
}

/**
 * Writes the receipt of a paid order, in the transaction that fulfils it (so the number is taken only
 * when the payment is recorded). Does nothing when the order has one.
 */
export async function issueReceipt(tx: Executor, order: OrderRow, settings: ReceiptSettings): Promise<void> {
  const customer = await repo.findCustomer(tx, order.userId)
  if (!customer) throw new Error(`order ${order.id} has no client`)
  const issuedAt = order.paidAt ?? new Date()
  const rateBasisPoints = Math.round(settings.taxRatePercent * 100)
  const taxMinor = taxOf(order.amountMinor, settings.taxRatePercent)
  await repo.insertNextReceipt(tx, {
    orderId: order.id,
    userId: order.userId,
    year: issuedAt.getUTCFullYear(),
    issuedAt,
    currency: order.currency,
    subtotalMinor: order.amountMinor - taxMinor,
    taxRateBasisPoints: rateBasisPoints,
    taxMinor,
    totalMinor: order.amountMinor,
    chargedAmountMinor: order.chargeAmountMinor,
    chargedCurrency: order.chargeCurrency,
    gateway: order.gateway ?? 'wallet',
    gatewayReference: order.gatewayRef,
    company: settings.company,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      ...(customer.companyName ? { company: customer.companyName } : {}),
      ...(customer.phone ? { phone: customer.phone } : {}),
      ...(customer.address ? { address: customer.address } : {}),
    },
    lines: [
      {
        description: order.description,
        quantity: 1,
        unitAmountMinor: order.amountMinor,
        amountMinor: order.amountMinor,
      },
    ],
  })
}

export function toReceipt(row: repo.ReceiptRow, orderStatus: string): Receipt {
  return {
    id: row.id,
    number: row.number,
    order_id: row.orderId,
    issued_at: row.issuedAt.toISOString(),
    currency: row.currency,
    subtotal: fromMinorUnits(row.subtotalMinor),
    tax_rate: row.taxRateBasisPoints / 100,
    tax: fromMinorUnits(row.taxMinor),
    total: fromMinorUnits(row.totalMinor),
    charged_amount: row.chargedAmountMinor === null ? null : fromMinorUnits(row.chargedAmountMinor),
    charged_currency: row.chargedCurrency,
    gateway: row.gateway,
    gateway_reference: row.gatewayReference,
    refunded: orderStatus === 'refunded',
    company: row.company,
    customer: row.customer,
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_amount: fromMinorUnits(line.unitAmountMinor),
      amount: fromMinorUnits(line.amountMinor),
    })),
    pdf_url: receiptPdfPath(row.orderId),
  }
}

export async function listReceipts(db: Executor, userId: number, page: number): Promise<ListPage<Receipt>> {
  return loadPage(
    page,
    RECEIPTS_PAGE_SIZE,
    (window) => repo.listOwn(db, userId, window),
    ({ receipt, orderStatus }) => toReceipt(receipt, orderStatus),
  )
}

/** The receipt of one of the client's orders; another client's (or none yet) is a 404. */
export async function receiptOfOrder(db: Executor, userId: number, orderId: number): Promise<Receipt> {
  const found = await repo.findOwnByOrder(db, userId, orderId)
  if (!found) throw notFound('No receipt found.')
  return toReceipt(found.receipt, found.orderStatus)
}

export async function receiptPdf(db: Executor, userId: number, orderId: number) {
  const found = await repo.findOwnByOrder(db, userId, orderId)
  if (!found) throw notFound('No receipt found.')
  return {
    filename: `${found.receipt.number}.pdf`,
    pdf: await renderReceiptPdf(found.receipt, { refunded: found.orderStatus === 'refunded' }),
  }
}

/** The job queue that e-mails receipts, and the scheduled sweep that re-queues any left unsent. */
export const RECEIPT_EMAIL_QUEUE = 'receipt-email'
export const RECEIPT_EMAIL_SWEEP_QUEUE = 'receipt-email-sweep'
/** A receipt still unsent this long after it was issued lost its job (a crash before queueing). */
const SWEEP_AFTER_MS = 10 * 60_000
/** Older receipts are not e-mailed any more: a mail days late confuses more than it helps. */
const SWEEP_WINDOW_MS = 3 * 86_400_000

/**
 * How long a sender's claim on a receipt e-mail keeps other senders away: far beyond the mail adapter's
 * own time limits, so only a sender that died (killed, crashed) leaves a claim this old.
 */
export const RECEIPT_EMAIL_CLAIM_MS = 15 * 60_000

/** What one attempt to e-mail a receipt did. */
export type ReceiptEmailOutcome =
  /** This attempt sent it. */
  | 'sent'
  /** Nothing to send: no receipt, or it was sent already. */
  | 'done'
  /** Another sender holds it (sending now, or died less than a claim's lease ago). */
  | 'claimed'

/**
 * E-mails a paid order's receipt (after the payment's transaction committed, so the number in the
 * e-mail is the one kept). The sender first claims it (one statement), so concurrent senders (the
 * fulfilling instance, a retry job, the sweep, another instance) send it once; it is marked sent after
 * the mail server took it. A refused message gives the claim back and throws (the job queue retries); a
 * sender that dies leaves its claim, which runs out after `RECEIPT_EMAIL_CLAIM_MS`. The message carries
 * the receipt itself; the PDF is in the portal.
 */
export async function emailReceipt(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  orderId: number,
  now = new Date(),
): Promise<ReceiptEmailOutcome> {
  const receipt = await repo.claimEmail(db, orderId, now, new Date(now.getTime() - RECEIPT_EMAIL_CLAIM_MS))
  if (!receipt) {
    const current = await repo.findByOrder(db, orderId)
    return !current || current.emailedAt ? 'done' : 'claimed'
  }
  const lines = receipt.lines.map(
    (line) => `  ${line.description} x${line.quantity}  ${formatAmount(line.amountMinor, receipt.currency)}`,
  )
  const rate = (receipt.taxRateBasisPoints / 100).toString()
  const outcome = await sendSafely(mailer, {
    to: receipt.customer.email,
    subject: `Your receipt ${receipt.number} from ${receipt.company.name}`,
    template: 'payment-receipt',
    text: [
      `Hello ${receipt.customer.name},`,
      '',
      `Thank you for your payment. Receipt ${receipt.number}, issued ${formatDate(receipt.issuedAt)}:`,
      '',
      ...lines,
      '',
      `  Subtotal  ${formatAmount(receipt.subtotalMinor, receipt.currency)}`,
      `  Tax (${rate}%)  ${formatAmount(receipt.taxMinor, receipt.currency)}`,
      `  Total paid  ${formatAmount(receipt.totalMinor, receipt.currency)}`,
      ...(receipt.chargedAmountMinor !== null &&
      receipt.chargedCurrency &&
      receipt.chargedCurrency !== receipt.currency
        ? [`  Charged  ${formatAmount(receipt.chargedAmountMinor, receipt.chargedCurrency)}`]
        : []),
      '',
      `Payment: ${GATEWAY_NAMES[receipt.gateway] ?? receipt.gateway}${receipt.gatewayReference ? `, reference ${receipt.gatewayReference}` : ''}`,
      `Order: #${receipt.orderId}`,
      '',
      `Download the PDF from your wallet in the client portal: ${publicUrl}/wallet`,
      '',
      `${receipt.company.name}`,
      receipt.company.email,
    ].join('\n'),
  })
  if (!outcome.ok) {
    await repo.releaseEmailClaim(db, receipt.id, now)
    throw new Error(`The receipt e-mail of order ${orderId} was not sent: ${outcome.error}`)
  }
  await repo.markEmailed(db, receipt.id)
  return 'sent'
}

/** The mailer's answer, with a thrown error as a refusal (so the claim is given back either way). */
async function sendSafely(mailer: Mailer, message: Parameters<Mailer['send']>[0]) {
  try {
    return await mailer.send(message)
  } catch (error) {
    return { ok: false as const, error: error instanceof Error ? error.message : String(error) }
  }
}

/** Orders whose receipt e-mail is overdue (its job was lost); the sweep queues each again. */
export function overdueReceiptEmails(db: Executor, now = Date.now()) {
  return repo.unemailedReceiptOrderIds(
    db,
    new Date(now - SWEEP_WINDOW_MS),
    new Date(now - SWEEP_AFTER_MS),
    100,
  )
}
