/**
 * Our order id from a gateway's merchant reference. Paymob's `merchant_order_id` and Fawry's
 * `merchantRefNum` are the checkout attempt key (`order-{id}-{n}`), which their notifications echo.
 */
export function orderIdFromReference(reference: unknown): number | null {
  const match = typeof reference === 'string' ? /^order-(\d{1,10})(?:-|$)/.exec(reference) : null
  return match ? Number(match[1]) : null
}
