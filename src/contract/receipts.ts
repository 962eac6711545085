import * as z from 'zod/mini'
import { paginated } from './common'

/**
 * Receipts (issue 11; the spec shows none): every paid order gets one, numbered without gaps per year
 * (R-2026-000001), with the company's and the client's details, the lines, the tax (prices include it)
 * and the gateway's reference. Only the order's owner can read it; another client's is a 404.
 */

export const RECEIPTS_PAGE_SIZE = 20

const partySchema = z.object({
  name: z.string(),
  email: z.string(),
  company: z.optional(z.string()),
  phone: z.optional(z.string()),
  address: z.optional(z.string()),
  taxId: z.optional(z.string()),
})

export const receiptSchema = z.object({
  id: z.int(),
  number: z.string(),
  order_id: z.int(),
  issued_at: z.string(),
  /** The order's currency (USD); amounts below are decimals in it. */
  currency: z.string(),
  subtotal: z.number(),
  /** Percent. */
  tax_rate: z.number(),
  tax: z.number(),
  total: z.number(),
  /** What the gateway charged when it charged another currency (EGP for Paymob and Fawry). */
  charged_amount: z.nullable(z.number()),
  charged_currency: z.nullable(z.string()),
  /** stripe, paymob, fawry or wallet. */
  gateway: z.string(),
  gateway_reference: z.nullable(z.string()),
  /** The order was refunded after the receipt was issued. */
  refunded: z.boolean(),
  company: partySchema,
  customer: partySchema,
  lines: z.array(
    z.object({ description: z.string(), quantity: z.int(), unit_amount: z.number(), amount: z.number() }),
  ),
  /** The PDF download (bearer token, like every portal call). */
  pdf_url: z.string(),
})
export type Receipt = z.infer<typeof receiptSchema>

export const receiptListSchema = paginated(receiptSchema)

export const receiptPaths = {
  list: '/api/receipts/',
} as const

/** `GET` the receipt of one order (JSON). */
export const receiptPath = (orderId: number) => `/api/receipts/orders/${orderId}/`
/** `GET` the receipt of one order as a PDF (`R-2026-000001.pdf`). */
export const receiptPdfPath = (orderId: number) => `/api/receipts/orders/${orderId}/pdf/`
