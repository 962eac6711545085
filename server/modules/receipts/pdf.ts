import { A4, PdfDocument, type PdfPage } from '../../lib/pdf'
import type { receipts } from '../../db/schema'

type Receipt = typeof receipts.$inferSelect

const MARGIN = 56
const RIGHT = A4.width - MARGIN

/** 12345 minor units of USD → "USD 123.45". */
export function formatAmount(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${currency} ${whole}.${String(abs % 100).padStart(2, '0')}`
}

/** en-US short date in UTC, as the product shows dates. */
export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

export const GATEWAY_NAMES: Record<string, string> = {
  stripe: 'Card (Stripe)',
  paymob: 'Paymob',
  fawry: 'Fawry',
  wallet: 'Wallet balance',
  sandbox: 'Sandbox card',
}

function partyLines(party: Receipt['company']): string[] {
  return [
    party.name,
    party.company,
    party.address,
    party.email,
    party.phone,
    party.taxId ? `Tax ID: ${party.taxId}` : undefined,
  ].filter((line): line is string => Boolean(line && line.trim()))
}

/**
 * The receipt as a one-page (more when it has many lines) A4 PDF. Names, companies and addresses in any
 * script the embedded fonts cover (Latin, Greek, Cyrillic, Arabic) print as written.
 */
export function renderReceiptPdf(receipt: Receipt, options: { refunded: boolean }): Promise<Buffer> {
  const doc = new PdfDocument({
    title: `Receipt ${receipt.number}`,
    author: receipt.company.name,
    created: receipt.issuedAt,
  })
  let page = doc.addPage()
  let y = A4.height - MARGIN

  page.text(MARGIN, y, receipt.company.name, { size: 18, font: 'bold' })
  page.text(RIGHT, y, 'RECEIPT', { size: 18, font: 'bold', align: 'right' })
  y -= 22
  page.text(RIGHT, y, receipt.number, { size: 11, align: 'right' })
  page.text(RIGHT, y - 14, `Issued ${formatDate(receipt.issuedAt)}`, { size: 10, align: 'right', gray: 0.35 })
  if (options.refunded)
    page.text(RIGHT, y - 30, 'REFUNDED', { size: 12, font: 'bold', align: 'right', gray: 0.3 })
  for (const line of partyLines({ ...receipt.company, name: '' })) {
    page.text(MARGIN, y, line, { size: 9, gray: 0.35 })
    y -= 12
  }

  y = Math.min(y, A4.height - MARGIN - 80) - 24
  page.text(MARGIN, y, 'Billed to', { size: 9, font: 'bold', gray: 0.35 })
  y -= 14
  for (const line of partyLines(receipt.customer)) {
    page.text(MARGIN, y, line, { size: 10 })
    y -= 13
  }

  y -= 20
  const columns = { quantity: RIGHT - 190, unit: RIGHT - 90, amount: RIGHT }
  const header = (target: PdfPage, at: number) => {
    target.text(MARGIN, at, 'Description', { size: 9, font: 'bold' })
    target.text(columns.quantity, at, 'Qty', { size: 9, font: 'bold', align: 'right' })
    target.text(columns.unit, at, 'Unit price', { size: 9, font: 'bold', align: 'right' })
    target.text(columns.amount, at, 'Amount', { size: 9, font: 'bold', align: 'right' })
    target.line(MARGIN, at - 6, RIGHT, at - 6, { gray: 0.6 })
  }
  header(page, y)
  y -= 22
  for (const line of receipt.lines) {
    const description = doc.wrapText(line.description, columns.quantity - MARGIN - 40, 10)
    if (y - description.length * 13 < MARGIN + 120) {
      page = doc.addPage()
      y = A4.height - MARGIN
      header(page, y)
      y -= 22
    }
    page.text(columns.quantity, y, String(line.quantity), { size: 10, align: 'right' })
    page.text(columns.unit, y, formatAmount(line.unitAmountMinor, receipt.currency), {
      size: 10,
      align: 'right',
    })
    page.text(columns.amount, y, formatAmount(line.amountMinor, receipt.currency), {
      size: 10,
      align: 'right',
    })
    for (const text of description) {
      page.text(MARGIN, y, text, { size: 10 })
      y -= 13
    }
    y -= 5
  }

  page.line(MARGIN, y + 4, RIGHT, y + 4, { gray: 0.6 })
  y -= 12
  const total = (label: string, value: string, bold = false) => {
    page.text(columns.unit, y, label, { size: 10, align: 'right', font: bold ? 'bold' : 'regular' })
    page.text(columns.amount, y, value, { size: 10, align: 'right', font: bold ? 'bold' : 'regular' })
    y -= 15
  }
  total('Subtotal', formatAmount(receipt.subtotalMinor, receipt.currency))
  total(
    `Tax (${(receipt.taxRateBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%)`,
    formatAmount(receipt.taxMinor, receipt.currency),
  )
  total('Total paid', formatAmount(receipt.totalMinor, receipt.currency), true)
  if (
    receipt.chargedAmountMinor !== null &&
    receipt.chargedCurrency &&
    receipt.chargedCurrency !== receipt.currency
  ) {
    total('Charged', formatAmount(receipt.chargedAmountMinor, receipt.chargedCurrency))
  }

  y -= 16
  page.text(MARGIN, y, 'Payment', { size: 9, font: 'bold', gray: 0.35 })
  y -= 14
  page.text(MARGIN, y, `Method: ${GATEWAY_NAMES[receipt.gateway] ?? receipt.gateway}`, { size: 10 })
  y -= 13
  if (receipt.gatewayReference) {
    page.text(MARGIN, y, `Reference: ${receipt.gatewayReference}`, { size: 10 })
    y -= 13
  }
  page.text(MARGIN, y, `Order: #${receipt.orderId}`, { size: 10 })

  page.text(A4.width / 2, MARGIN - 20, `Thank you for your business. Questions: ${receipt.company.email}`, {
    size: 8,
    align: 'center',
    gray: 0.45,
  })
  return doc.toBuffer()
}
