import { createHash } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { fawryReferenceNumber } from '../../server/adapters/payments/sandbox'
import {
  FawryGateway,
  fawryCheckoutSignature,
  fawryNotificationSignature,
  fawryStatusSignature,
} from '../../server/adapters/payments/fawry'
import {
  createPayments,
  InvalidNotificationError,
  RefundRefusedError,
  type CheckoutRequest,
} from '../../server/adapters/payments'
import { loadConfig } from '../../server/config'
import { FAWRY, FakeFawry } from './helpers/fake-fawry'
import { openTestDatabase } from './helpers/test-app'

const fawry = await new FakeFawry().start()
afterAll(() => fawry.stop())

const WEBHOOK = 'https://cypher.example/api/payments/fawry/webhook/'
const account = (secureKey = FAWRY.secureKey) => ({
  merchantCode: FAWRY.merchantCode,
  secureKey,
  apiUrl: fawry.url,
})
const gateway = new FawryGateway(account(), WEBHOOK)
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

let attempt = 0
function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  attempt += 1
  return {
    order: { id: 52, description: 'SMS Msg Basic (1 Year)' },
    amountMinor: 300_000,
    currency: 'EGP',
    customer: {
      userId: 9,
      email: 'client@example.com',
      firstName: 'Omar',
      lastName: 'Samir',
      phone: '+20 100 555 0142',
      customerRef: null,
    },
    returnUrls: {
      success: 'https://cypher.example/payment/success/52',
      failure: 'https://cypher.example/payment/fail/52',
    },
    attemptKey: `order-52-${attempt}`,
    saveCard: false,
    savedMethodRef: null,
    ...overrides,
  }
}

const notify = (body: object) =>
  gateway.parseNotification({ rawBody: Buffer.from(JSON.stringify(body)), headers: {}, query: {} })

describe('Fawry signatures (documented formulas, computed here by hand)', () => {
  it('signs the checkout link over code, reference, profile, return URL, items sorted by id, key', () => {
    const request = {
      merchantRefNum: 'order-1-1',
      customerProfileId: '9',
      returnUrl: 'https://cypher.example/r',
      items: [
        { itemId: 'b-item', description: 'B', price: 75.25, quantity: 3 },
        { itemId: 'a-item', description: 'A', price: 50, quantity: 2 },
      ],
    }
    expect(fawryCheckoutSignature({ merchantCode: 'MC', secureKey: 'KEY' }, request)).toBe(
      sha256('MCorder-1-19https://cypher.example/ra-item250.00b-item375.25KEY'),
    )
  })

  it('signs the status query over code, reference and key', () => {
    expect(fawryStatusSignature({ merchantCode: 'MC', secureKey: 'KEY' }, 'order-1-1')).toBe(
      sha256('MCorder-1-1KEY'),
    )
  })

  it('checks notifications over ref, reference, two-decimal amounts, status, method, payment reference, key', () => {
    const fields = {
      fawryRefNumber: '970177',
      merchantRefNumber: 'order-1-1',
      paymentAmount: 152,
      orderAmount: 150,
      orderStatus: 'PAID',
      paymentMethod: 'CARD',
      paymentRefrenceNumber: '2255',
    }
    expect(fawryNotificationSignature('KEY', fields)).toBe(
      sha256('970177order-1-1152.00150.00PAIDCARD2255KEY'),
    )
    const { paymentRefrenceNumber: _absent, ...unpaid } = fields
    expect(fawryNotificationSignature('KEY', { ...unpaid, orderStatus: 'NEW' })).toBe(
      sha256('970177order-1-1152.00150.00NEWCARDKEY'),
    )
  })
})

describe('Fawry checkout link', () => {
  it('sends a signed charge request and answers the checkout URL', async () => {
    const request = checkout()
    const session = await gateway.createCheckout(request)
    expect(session.url).toMatch(new RegExp(`^${fawry.url}/atfawry/plugin/checkout/`))
    expect(session.gatewayRef).toBe(request.attemptKey)
    const sent = fawry.charges.get(request.attemptKey)?.request
    expect(sent).toMatchObject({
      merchantCode: FAWRY.merchantCode,
      merchantRefNum: request.attemptKey,
      customerProfileId: '9',
      customerEmail: 'client@example.com',
      customerMobile: '01005550142',
      returnUrl: request.returnUrls.success,
      orderWebHookUrl: WEBHOOK,
      chargeItems: [{ itemId: 'order-52', price: 3000, quantity: 1 }],
    })
  })

  it('fails with Fawry’s reason when the signature is wrong or the reference repeats', async () => {
    await expect(new FawryGateway(account('wrong-key'), WEBHOOK).createCheckout(checkout())).rejects.toThrow(
      /9946: Wrong Signature/,
    )
    const repeated = checkout()
    await gateway.createCheckout(repeated)
    await expect(gateway.createCheckout(repeated)).rejects.toThrow(/Duplicate merchant reference/)
  })
})

describe('Fawry server notification V2', () => {
  async function started() {
    const request = checkout()
    await gateway.createCheckout(request)
    return request.attemptKey
  }

  it('accepts a genuine PAID notification and reads our order and the amount', async () => {
    const reference = await started()
    const body = fawry.notification(reference, 'PAID')
    expect(await notify(body)).toMatchObject({
      type: 'payment',
      eventId: `${String(body.fawryRefNumber)}:PAID`,
      orderId: 52,
      gatewayRef: reference,
      outcome: 'paid',
      amountMinor: 300_000,
      currency: 'EGP',
    })
  })

  it('refuses tampered, unsigned and wrongly keyed notifications', async () => {
    const reference = await started()
    const body = fawry.notification(reference, 'PAID')
    await expect(notify({ ...body, paymentAmount: 1 })).rejects.toBeInstanceOf(InvalidNotificationError)
    await expect(notify({ ...body, orderStatus: 'REFUNDED' })).rejects.toBeInstanceOf(
      InvalidNotificationError,
    )
    const { messageSignature: _dropped, ...unsigned } = body
    await expect(notify(unsigned)).rejects.toBeInstanceOf(InvalidNotificationError)
    await expect(notify(fawry.notification(reference, 'PAID', 'another-key'))).rejects.toBeInstanceOf(
      InvalidNotificationError,
    )
    await expect(
      gateway.parseNotification({ rawBody: Buffer.from('not json'), headers: {}, query: {} }),
    ).rejects.toBeInstanceOf(InvalidNotificationError)
  })

  it('maps Fawry’s statuses onto order outcomes (a partial refund changes nothing)', async () => {
    const reference = await started()
    expect(await notify(fawry.notification(reference, 'NEW'))).toMatchObject({ outcome: 'pending' })
    expect(await notify(fawry.notification(reference, 'EXPIRED'))).toMatchObject({ outcome: 'cancelled' })
    expect(await notify(fawry.notification(reference, 'FAILED'))).toMatchObject({ outcome: 'failed' })
    expect(await notify(fawry.notification(reference, 'REFUNDED'))).toMatchObject({ outcome: 'refunded' })
    expect(await notify(fawry.notification(reference, 'PARTIAL_REFUNDED'))).toMatchObject({ type: 'ignored' })
  })

  it('asks the status query, which names the same event as the notification of that state', async () => {
    const reference = await started()
    expect(await gateway.checkStatus(reference)).toMatchObject({ outcome: 'pending', gatewayRef: reference })
    const paid = fawry.notification(reference, 'PAID')
    const status = await gateway.checkStatus(reference)
    expect(status).toMatchObject({ outcome: 'paid', orderId: 52, amountMinor: 300_000 })
    expect(status.eventId).toBe((await notify(paid)).eventId)
    const query = fawry.requestsTo('/ECommerceWeb/Fawry/payments/status/v2').at(-1)?.query
    expect(query?.get('signature')).toBe(sha256(`${FAWRY.merchantCode}${reference}${FAWRY.secureKey}`))
  })
})

describe('createPayments', () => {
  it('uses the Fawry adapter when its keys are configured, posting notifications to our webhook', async () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://shop.cypher.example',
      FAWRY_MERCHANT_CODE: FAWRY.merchantCode,
      FAWRY_SECURE_KEY: FAWRY.secureKey,
      FAWRY_API_URL: fawry.url,
    })
    const database = await openTestDatabase()
    afterAll(() => database.close())
    const payments = createPayments(config, {
      db: database.db,
      sandboxSecret: 's'.repeat(32),
      deliver: async () => ({ statusCode: 200 }),
    })
    expect(payments.fawry).toBeInstanceOf(FawryGateway)
    expect(payments.fawry.sandbox).toBe(false)
    expect(payments.paymob.sandbox).toBe(true)
    const request = checkout()
    await payments.gateway('fawry').createCheckout(request)
    expect(fawry.charges.get(request.attemptKey)?.request.orderWebHookUrl).toBe(
      'https://shop.cypher.example/api/payments/fawry/webhook/',
    )
  })
})

describe('sandbox Fawry reference numbers', () => {
  it('always have exactly 12 digits, leading zeros kept', () => {
    const numbers = Array.from({ length: 5000 }, () => fawryReferenceNumber())
    for (const number of numbers) expect(number).toMatch(/^\d{12}$/)
    // Spread over the whole range, not stuck in a corner of it.
    expect(numbers.some((n) => n.startsWith('0'))).toBe(true)
    expect(numbers.some((n) => n.startsWith('9'))).toBe(true)
    expect(new Set(numbers).size).toBe(numbers.length)
  })
})

describe('Fawry refunds', () => {
  const refundRequest = (gatewayRef: string, paymentRef: string | null) => ({
    order: { id: 52 },
    gatewayRef,
    paymentRef,
    amountMinor: 300_000,
    currency: 'EGP' as const,
    reason: 'Service  not\nneeded',
    idempotencyKey: 'refund-order-52',
  })

  it('signs the refund over code, reference number, two-decimal amount, reason and key', async () => {
    const request = checkout()
    await gateway.createCheckout(request)
    const paid = fawry.notification(request.attemptKey, 'PAID')
    const notification = await notify(paid)
    expect(notification).toMatchObject({ paymentRef: String(paid.fawryRefNumber) })
    const refund = await gateway.refund(refundRequest(request.attemptKey, String(paid.fawryRefNumber)))
    expect(refund.refundRef).toBe(`${String(paid.fawryRefNumber)}:refund`)
    const body = JSON.parse(
      fawry.requestsTo('/ECommerceWeb/Fawry/payments/refund', 'POST').at(-1)?.body.toString() ?? '{}',
    )
    expect(body).toMatchObject({
      merchantCode: FAWRY.merchantCode,
      referenceNumber: String(paid.fawryRefNumber),
      refundAmount: 3000,
      reason: 'Service not needed',
    })
    expect(body.signature).toBe(
      sha256(
        `${FAWRY.merchantCode}${String(paid.fawryRefNumber)}3000.00Service not needed${FAWRY.secureKey}`,
      ),
    )
    expect(fawry.charges.get(request.attemptKey)?.status).toBe('REFUNDED')
    // A second refund: Fawry's refusal, in its words.
    await expect(
      gateway.refund(refundRequest(request.attemptKey, String(paid.fawryRefNumber))),
    ).rejects.toThrow(/REFUNDED and cannot be refunded/)
  })

  it("asks the status query for Fawry's reference number when it was not stored", async () => {
    const request = checkout()
    await gateway.createCheckout(request)
    fawry.notification(request.attemptKey, 'PAID')
    await gateway.refund(refundRequest(request.attemptKey, null))
    expect(fawry.charges.get(request.attemptKey)?.status).toBe('REFUNDED')
  })

  it('refuses an unpaid order with a RefundRefusedError', async () => {
    const request = checkout()
    await gateway.createCheckout(request)
    const reference = fawry.charges.get(request.attemptKey)?.fawryRefNumber ?? ''
    await expect(gateway.refund(refundRequest(request.attemptKey, reference))).rejects.toBeInstanceOf(
      RefundRefusedError,
    )
  })
})
