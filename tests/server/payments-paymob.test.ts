import { createHmac } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { PaymobGateway, paymobHmacText } from '../../server/adapters/payments/paymob'
import {
  InvalidNotificationError,
  RefundRefusedError,
  type CheckoutRequest,
} from '../../server/adapters/payments'
import { FakePaymob, PAYMOB } from './helpers/fake-paymob'

const paymob = await new FakePaymob().start()
afterAll(() => paymob.stop())

const account = (overrides: Partial<ConstructorParameters<typeof PaymobGateway>[0]> = {}) => ({
  apiKey: PAYMOB.apiKey,
  integrationId: PAYMOB.integrationId,
  iframeId: PAYMOB.iframeId,
  hmacSecret: PAYMOB.hmacSecret,
  apiUrl: paymob.url,
  ...overrides,
})
const gateway = new PaymobGateway(account())

let attempt = 0
function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  attempt += 1
  return {
    order: { id: 41, description: 'Wallet top-up of $10.00' },
    amountMinor: 30_000,
    currency: 'EGP',
    customer: {
      userId: 7,
      email: 'client@example.com',
      firstName: 'Mona',
      lastName: 'Adel',
      phone: '+20 100 555 0142',
      customerRef: null,
    },
    returnUrls: {
      success: 'https://cypher.example/payment/success/41',
      failure: 'https://cypher.example/payment/fail/41',
    },
    attemptKey: `order-41-${attempt}`,
    saveCard: false,
    savedMethodRef: null,
    ...overrides,
  }
}

function callback(body: object, hmac: string | undefined) {
  return gateway.parseNotification({
    rawBody: Buffer.from(JSON.stringify(body)),
    headers: { 'content-type': 'application/json' },
    query: hmac === undefined ? {} : { hmac },
  })
}

describe('Paymob HMAC', () => {
  it('concatenates the callback fields in the documented order (Paymob’s own example)', () => {
    const transaction = {
      amount_cents: 100000,
      created_at: '2024-06-13T11:33:44.592345',
      currency: 'EGP',
      error_occured: false,
      has_parent_transaction: false,
      id: 192036465,
      integration_id: 4097558,
      is_3d_secure: true,
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: false,
      order: { id: 217503754 },
      owner: 302852,
      pending: false,
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      success: true,
    }
    expect(paymobHmacText(transaction)).toBe(
      '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue',
    )
  })
})

describe('Paymob checkout (auth → order → payment key → iframe)', () => {
  it('makes the three documented calls and answers the iframe URL', async () => {
    const before = paymob.requests.length
    const session = await gateway.createCheckout(checkout())
    const calls = paymob.requests.slice(before)
    expect(calls.map((r) => r.path)).toEqual([
      '/api/auth/tokens',
      '/api/ecommerce/orders',
      '/api/acceptance/payment_keys',
    ])
    const order = JSON.parse(calls[1]?.body.toString() ?? '{}')
    expect(order).toMatchObject({
      amount_cents: 30_000,
      currency: 'EGP',
      merchant_order_id: `order-41-${attempt}`,
    })
    const key = JSON.parse(calls[2]?.body.toString() ?? '{}')
    expect(key).toMatchObject({
      amount_cents: 30_000,
      integration_id: PAYMOB.integrationId,
      order_id: Number(session.gatewayRef),
    })
    expect(key.billing_data).toMatchObject({
      email: 'client@example.com',
      first_name: 'Mona',
      last_name: 'Adel',
    })
    const token = [...paymob.paymentKeys.keys()].at(-1) ?? ''
    expect(session.url).toBe(
      `${paymob.url}/api/acceptance/iframes/${PAYMOB.iframeId}?payment_token=${encodeURIComponent(token)}`,
    )
    expect(session.clientSecret).toBeNull()
  })

  it('reuses its auth token for the next checkout', async () => {
    await gateway.createCheckout(checkout())
    const before = paymob.requestsTo('/api/auth/tokens').length
    await gateway.createCheckout(checkout())
    expect(paymob.requestsTo('/api/auth/tokens')).toHaveLength(before)
  })

  it('fails when Paymob refuses the API key or a repeated merchant order id', async () => {
    await expect(new PaymobGateway(account({ apiKey: 'wrong' })).createCheckout(checkout())).rejects.toThrow(
      /incorrect credentials/,
    )
    const repeated = checkout()
    await gateway.createCheckout(repeated)
    await expect(gateway.createCheckout(repeated)).rejects.toThrow(/duplicate/)
  })
})

describe('Paymob transaction callbacks', () => {
  async function paidOrder() {
    const request = checkout()
    const session = await gateway.createCheckout(request)
    return Number(session.gatewayRef)
  }

  it('accepts a genuine callback and reads the outcome, our order and the amount from it', async () => {
    const paymobOrderId = await paidOrder()
    const { body, transaction, hmac } = paymob.transactionCallback(paymobOrderId)
    // The HMAC the fake sent is the documented one: recomputed here from the raw fields.
    expect(hmac).toBe(
      createHmac('sha512', PAYMOB.hmacSecret).update(paymobHmacText(transaction)).digest('hex'),
    )
    const notification = await callback(body, hmac)
    expect(notification).toMatchObject({
      type: 'payment',
      eventId: `${transaction.id}:paid`,
      orderId: 41,
      gatewayRef: String(paymobOrderId),
      outcome: 'paid',
      amountMinor: 30_000,
      currency: 'EGP',
    })
  })

  it('refuses a tampered, unsigned or wrongly keyed callback', async () => {
    const paymobOrderId = await paidOrder()
    const { body, hmac } = paymob.transactionCallback(paymobOrderId)
    const tampered = { ...body, obj: { ...body.obj, amount_cents: 1 } }
    await expect(callback(tampered, hmac)).rejects.toBeInstanceOf(InvalidNotificationError)
    await expect(callback(body, undefined)).rejects.toBeInstanceOf(InvalidNotificationError)
    const otherKey = paymob.transactionCallback(paymobOrderId, {}, 'another-secret')
    await expect(callback(otherKey.body, otherKey.hmac)).rejects.toBeInstanceOf(InvalidNotificationError)
    await expect(callback({ type: 'TRANSACTION' }, hmac)).rejects.toBeInstanceOf(InvalidNotificationError)
  })

  it('tells declines, pending payments and refunds apart, each its own event', async () => {
    const paymobOrderId = await paidOrder()
    const declined = paymob.transactionCallback(paymobOrderId, { success: false })
    expect(await callback(declined.body, declined.hmac)).toMatchObject({
      outcome: 'failed',
      reason: 'Do not honour',
    })
    const pending = paymob.transactionCallback(paymobOrderId, { success: false, pending: true })
    expect(await callback(pending.body, pending.hmac)).toMatchObject({ outcome: 'pending' })
    const refunded = paymob.transactionCallback(paymobOrderId, { is_refunded: true })
    const notification = await callback(refunded.body, refunded.hmac)
    expect(notification).toMatchObject({
      outcome: 'refunded',
      eventId: `${refunded.transaction.id}:refunded`,
    })
  })
})

describe('Paymob refunds', () => {
  it('refunds the paid transaction named by the callback, once, with the documented call', async () => {
    const session = await gateway.createCheckout(checkout())
    const paid = paymob.transactionCallback(Number(session.gatewayRef))
    const notification = await callback(paid.body, paid.hmac)
    // The callback names the transaction a refund must name.
    expect(notification).toMatchObject({ paymentRef: String(paid.transaction.id) })
    const request = {
      order: { id: 41 },
      gatewayRef: session.gatewayRef,
      paymentRef: String(paid.transaction.id),
      amountMinor: 30_000,
      currency: 'EGP' as const,
      reason: 'Paid twice',
      idempotencyKey: 'refund-order-41',
    }
    const before = paymob.requests.length
    const refund = await gateway.refund(request)
    const call = paymob.requests.slice(before).find((r) => r.path === '/api/acceptance/void_refund/refund')
    expect(JSON.parse(call?.body.toString() ?? '{}')).toMatchObject({
      transaction_id: paid.transaction.id,
      amount_cents: 30_000,
      auth_token: expect.any(String),
    })
    expect(refund.refundRef).toMatch(/^\d+$/)
    expect(refund.refundRef).not.toBe(String(paid.transaction.id))
    // Paymob refuses a second refund of the whole amount: staff read its words.
    await expect(gateway.refund(request)).rejects.toThrow(RefundRefusedError)
    await expect(gateway.refund(request)).rejects.toThrow(/exceeds the transaction amount/)
  })

  it('refuses without the transaction id, and for a transaction Paymob does not know', async () => {
    const base = {
      order: { id: 41 },
      gatewayRef: '1',
      amountMinor: 100,
      currency: 'EGP' as const,
      reason: 'x',
      idempotencyKey: 'k',
    }
    await expect(gateway.refund({ ...base, paymentRef: null })).rejects.toThrow(RefundRefusedError)
    await expect(gateway.refund({ ...base, paymentRef: '999' })).rejects.toThrow(RefundRefusedError)
  })
})
