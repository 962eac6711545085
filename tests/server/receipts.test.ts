import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { receiptPath, receiptPdfPath } from '@/contract/receipts'
import { clients, mailOutbox, receipts } from '../../server/db/schema'
import { issueReceipt, companyParty } from '../../server/modules/receipts/service'
import { registerClient } from './helpers/auth'
import { payOrder, refundOrder } from './helpers/orders'
import { parsePdf } from './helpers/pdf'
import { requests } from './helpers/requests'
import { createTestApp, openTestApp } from './helpers/test-app'

const app = await openTestApp()
const api = requests(app)
const year = new Date().getUTCFullYear()

describe('receipts of paid orders', () => {
  it('gives a paid order a numbered receipt with the company, the client, the line and the gateway reference', async () => {
    const client = await registerClient(app, { company_name: 'Acme Labs', phone: '+20 100 555 0142' })
    const order = await payOrder(app, { userId: client.client.id, amountMinor: 2500, gatewayRef: 'pi_123' })
    const response = await api.get(receiptPath(order.id), client)
    expect(response.statusCode).toBe(200)
    const receipt = response.json()
    expect(receipt).toMatchObject({
      order_id: order.id,
      currency: 'USD',
      subtotal: 25,
      tax_rate: 0,
      tax: 0,
      total: 25,
      gateway: 'stripe',
      gateway_reference: 'pi_123',
      refunded: false,
      company: { name: 'Cypher Software Services', email: 'support@cypher.example' },
      customer: { email: client.email, company: 'Acme Labs', phone: '+20 100 555 0142' },
      lines: [{ description: 'Wallet top-up of $25.00', quantity: 1, unit_amount: 25, amount: 25 }],
      pdf_url: receiptPdfPath(order.id),
    })
    expect(receipt.number).toMatch(new RegExp(`^R-${year}-\\d{6}$`))
  })

  it('numbers receipts without gaps, also when payments run at once and when one rolls back', async () => {
    const client = await registerClient(app)
    const before = await app.db
      .select({ sequence: receipts.sequence })
      .from(receipts)
      .where(eq(receipts.year, year))
    const paid = await Promise.all(
      Array.from({ length: 8 }, () => payOrder(app, { userId: client.client.id, amountMinor: 1000 })),
    )
    // A payment whose transaction fails after taking a number gives the number back.
    const [first] = paid
    if (!first) throw new Error('no order')
    await expect(
      app.db.transaction(async (tx) => {
        await tx.delete(receipts).where(eq(receipts.orderId, first.id))
        await issueReceipt(tx, first, { taxRatePercent: 0, company: companyParty() })
        throw new Error('fulfilment failed')
      }),
    ).rejects.toThrow('fulfilment failed')
    await payOrder(app, { userId: client.client.id, amountMinor: 1000 })
    const sequences = (
      await app.db.select({ sequence: receipts.sequence }).from(receipts).where(eq(receipts.year, year))
    )
      .map((r) => r.sequence)
      .sort((a, b) => a - b)
    expect(sequences).toHaveLength(before.length + 9)
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1))
  })

  it('e-mails the receipt to the client once', async () => {
    const client = await registerClient(app)
    const order = await payOrder(app, {
      userId: client.client.id,
      amountMinor: 4200,
      gateway: 'paymob',
      chargeAmountMinor: 126_000,
    })
    await app.orderHooks.afterFulfilment(order, { config: app.config, log: app.log })
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, client.email), eq(mailOutbox.template, 'payment-receipt')))
    expect(mails).toHaveLength(1)
    const { number } = (await api.get(receiptPath(order.id), client)).json()
    expect(mails[0]?.subject).toBe(`Your receipt ${number} from Cypher Software Services`)
    expect(mails[0]?.text).toContain('Total paid  USD 42.00')
    expect(mails[0]?.text).toContain('Charged  EGP 1,260.00')
  })

  it('downloads as a PDF for its owner only', async () => {
    const owner = await registerClient(app)
    const other = await registerClient(app)
    const order = await payOrder(app, { userId: owner.client.id, amountMinor: 1999, gatewayRef: 'pi_pdf' })
    const response = await api.get(receiptPdfPath(order.id), owner)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    const { number } = (await api.get(receiptPath(order.id), owner)).json()
    expect(response.headers['content-disposition']).toContain(`filename="${number}.pdf"`)
    const { text } = parsePdf(response.rawPayload)
    for (const shown of [number, 'RECEIPT', 'USD 19.99', 'Reference: pi_pdf', owner.email])
      expect(text).toContain(shown)

    for (const path of [receiptPath(order.id), receiptPdfPath(order.id)]) {
      expect((await api.get(path, other)).statusCode).toBe(404)
      expect((await api.get(path)).statusCode).toBe(401)
    }
    expect((await api.get(receiptPdfPath(999_999), owner)).statusCode).toBe(404)
  })

  it('prints an Arabic name, company and address as written (embedded fonts, joined, right to left)', async () => {
    const client = await registerClient(app, {
      first_name: 'محمد',
      last_name: 'عبد الله',
      company_name: 'شركة النيل للبرمجيات',
    })
    await app.db
      .update(clients)
      .set({ address: 'شارع التحرير القاهرة' })
      .where(eq(clients.userId, client.client.id))
    const order = await payOrder(app, { userId: client.client.id, amountMinor: 4500, gatewayRef: 'pi_ar' })
    const { text, lines, fonts } = parsePdf((await api.get(receiptPdfPath(order.id), client)).rawPayload)
    expect(lines).toEqual(
      expect.arrayContaining(['محمد عبد الله', 'شركة النيل للبرمجيات', 'شارع التحرير القاهرة']),
    )
    expect(text).not.toContain('?')
    expect(text).toContain('USD 45.00')
    expect(fonts.some((name) => name.endsWith('+Amiri-Regular'))).toBe(true)
  })

  it('lists only the client’s own receipts, and marks a refunded order’s receipt', async () => {
    const owner = await registerClient(app)
    const other = await registerClient(app)
    const order = await payOrder(app, { userId: owner.client.id, amountMinor: 500 })
    await payOrder(app, { userId: other.client.id, amountMinor: 700 })
    const list = (await api.get('/api/receipts/', owner)).json()
    expect(list.count).toBe(1)
    expect(list.results[0]).toMatchObject({ order_id: order.id, total: 5, refunded: false })

    await refundOrder(app, order)
    expect((await api.get(receiptPath(order.id), owner)).json()).toMatchObject({ refunded: true })
    expect(parsePdf((await api.get(receiptPdfPath(order.id), owner)).rawPayload).text).toContain('REFUNDED')
  })
})

describe('receipt tax', () => {
  it('shows the configured rate as the tax contained in the price', async () => {
    const taxed = await createTestApp({ env: { RECEIPT_TAX_RATE: '14' } })
    try {
      const client = await registerClient(taxed)
      const order = await payOrder(taxed, { userId: client.client.id, amountMinor: 11_400 })
      const receipt = (await requests(taxed).get(receiptPath(order.id), client)).json()
      expect(receipt).toMatchObject({ tax_rate: 14, tax: 14, subtotal: 100, total: 114 })
      expect(
        parsePdf((await requests(taxed).get(receiptPdfPath(order.id), client)).rawPayload).text,
      ).toContain('Tax (14%)')
    } finally {
      await taxed.close()
    }
  })
})
