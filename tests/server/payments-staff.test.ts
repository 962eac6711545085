import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { verifyEmailPaths } from '@/contract/auth'
import { referralPaths } from '@/contract/referrals'
import { staffOrderDetailSchema, staffOrderListSchema, staffOrderMessages } from '@/contract/payments-staff'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import {
  appSubscriptions,
  apps,
  auditLog,
  clients,
  mailOutbox,
  orderRefunds,
  orders,
  referrals,
  walletEntries,
} from '../../server/db/schema'
import { creditDueRewards } from '../../server/modules/referrals/service'
import { appendLedgerEntry } from '../../server/modules/wallet'
import { nextAddress, registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { payOrder } from './helpers/orders'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const api = requests(app)
const staff = await signIn(app, STAFF)

const balanceOf = async (userId: number) => {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
  return Number(row?.total ?? 0)
}

/** A wallet top-up paid on the sandbox's card page, as a client does it (with the gateway's events). */
/** Pays an order through the sandbox checkout; `kind` turns the order into another kind before paying. */
async function paidTopup(who: SignedIn, amount = 25, kind?: 'domain_renewal') {
  const created = await api.post(
    '/api/payments/orders/',
    { kind: 'wallet_topup', amount, idempotency_key: randomUUID() },
    who,
  )
  expect(created.statusCode).toBe(201)
  const order = created.json() as { id: number }
  if (kind) await app.db.update(orders).set({ kind }).where(eq(orders.id, order.id))
  const started = await api.post(
    '/api/payments/stripe/process/temp_order/',
    { amount: amount * 100, currency: 'usd', order_id: order.id },
    who,
  )
  expect(started.statusCode).toBe(200)
  const url = new URL(started.json().checkout_url)
  const paid = await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: SANDBOX_CARDS.succeeds,
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
    }).toString(),
  })
  expect(paid.statusCode).toBeLessThan(400)
  expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('paid')
  return order.id
}

const refund = (orderId: number, reason = 'Client asked for the money back') =>
  api.post(
    `/api/staff/orders/${orderId}/refund/`,
    { reason },
    { headers: staff.headers, remoteAddress: nextAddress() },
  )

const companyOf = async (who: SignedIn) => {
  const [row] = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, who.client.id))
  return row?.id ?? 0
}

describe('the staff order list', () => {
  it("lists every client's orders with their client, filtered, searched, sorted and exported", async () => {
    const first = await registerClient(app)
    const second = await registerClient(app)
    const a = await paidTopup(first, 30)
    const b = await paidTopup(second, 70)
    await api.post(
      '/api/payments/orders/',
      { kind: 'wallet_topup', amount: 5, idempotency_key: randomUUID() },
      second,
    )

    const all = staffOrderListSchema.parse((await api.get('/api/staff/orders/', staff)).json())
    expect(all.results.map((o) => o.id)).toEqual(expect.arrayContaining([a, b]))
    expect(all.results.find((o) => o.id === a)?.client).toMatchObject({
      email: first.email,
      company_name: expect.stringMatching(/^Company /),
    })

    const byClient = (await api.get(`/api/staff/orders/?client=${await companyOf(second)}`, staff)).json()
    expect(byClient.count).toBe(2)
    const paidOfSecond = (
      await api.get(`/api/staff/orders/?client=${await companyOf(second)}&status=paid`, staff)
    ).json()
    expect(paidOfSecond.results.map((o: { id: number }) => o.id)).toEqual([b])
    expect(
      (await api.get(`/api/staff/orders/?search=${encodeURIComponent(first.email)}`, staff)).json().count,
    ).toBe(1)
    expect((await api.get(`/api/staff/orders/?search=%23${b}`, staff)).json().results[0].id).toBe(b)
    const gateway = (await api.get('/api/staff/orders/?gateway=paymob&kind=wallet_topup', staff)).json()
    expect(gateway.results.every((o: { gateway: string }) => o.gateway === 'paymob')).toBe(true)

    const today = new Date().toISOString().slice(0, 10)
    expect(
      (await api.get(`/api/staff/orders/?from=${today}&to=${today}`, staff)).json().count,
    ).toBeGreaterThanOrEqual(3)
    expect((await api.get('/api/staff/orders/?to=2000-01-01', staff)).json().count).toBe(0)

    const byAmount = (await api.get('/api/staff/orders/?sort=amount&status=paid', staff)).json().results
    const amounts = byAmount.map((o: { amount: number }) => o.amount)
    expect(amounts).toEqual([...amounts].sort((x: number, y: number) => y - x))

    const csv = await api.get(`/api/staff/orders/?format=csv&client=${await companyOf(first)}`, staff)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('orders.csv')
    const lines = csv.body.trim().split(/\r?\n/)
    expect(lines[0]).toContain('Order,Created,Paid,Company,E-mail,Kind')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('30.00')
  })

  it('answers bad filters with a 400 naming the problem, never a 500', async () => {
    for (const query of [
      'from=2026-13-01',
      'to=yesterday',
      'from=2026-05-02&to=2026-05-01',
      'status=lost',
      'gateway=paypal',
      'sort=random',
      'client=abc',
      'page=0',
    ]) {
      const response = await api.get(`/api/staff/orders/?${query}`, staff)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().detail, query).toEqual(expect.any(String))
    }
    const range = await api.get('/api/staff/orders/?from=2026-05-02&to=2026-05-01', staff)
    expect(JSON.stringify(range.json())).toContain(staffOrderMessages.badRange)
  })
})

describe('the staff order view', () => {
  it("shows the order's gateway events, ledger entries and receipt, whoever's order it is", async () => {
    const owner = await registerClient(app)
    const id = await paidTopup(owner, 40)
    const detail = staffOrderDetailSchema.parse((await api.get(`/api/staff/orders/${id}/`, staff)).json())
    expect(detail).toMatchObject({ status: 'paid', gateway: 'stripe', refundable: true, refund: null })
    expect(detail.attempts).toEqual([
      expect.objectContaining({ gateway: 'stripe', gateway_reference: detail.gateway_reference }),
    ])
    expect(detail.attempts[0]?.charge).toEqual({ amount: 40, currency: 'USD' })
    expect(detail.events).toEqual([
      expect.objectContaining({ gateway: 'stripe', outcome: 'paid', result: 'applied' }),
    ])
    expect(detail.ledger).toEqual([
      expect.objectContaining({ transaction_type: 'deposit', source: 'topup', amount: 40 }),
    ])
    expect(detail.fulfilment).toMatchObject({ status: 'done', attempts: 1, error: null })
    expect(detail.receipt?.number).toMatch(/^R-\d{4}-\d{6}$/)
    const pdf = await api.get(detail.receipt_pdf_url ?? '', staff)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    expect((await api.get('/api/staff/orders/999999/', staff)).statusCode).toBe(404)
    expect((await api.get('/api/staff/orders/abc/', staff)).statusCode).toBe(400)
    // The receipt route of an unpaid order is a 404, not an empty PDF.
    const pending = await api.post(
      '/api/payments/orders/',
      { kind: 'wallet_topup', amount: 5, idempotency_key: randomUUID() },
      owner,
    )
    expect((await api.get(`/api/staff/orders/${pending.json().id}/receipt/pdf/`, staff)).statusCode).toBe(404)
  })
})

describe('a staff refund', () => {
  it('refunds a paid top-up through the gateway, takes the credit back and shows it to the client', async () => {
    const owner = await registerClient(app)
    const id = await paidTopup(owner, 25)
    expect(await balanceOf(owner.client.id)).toBe(2500)

    const response = await refund(id)
    expect(response.statusCode).toBe(200)
    const detail = staffOrderDetailSchema.parse(response.json())
    expect(detail).toMatchObject({ status: 'refunded', refundable: false })
    expect(detail.refund).toMatchObject({
      status: 'succeeded',
      method: 'stripe',
      amount: 25,
      reason: 'Client asked for the money back',
      by: STAFF.email,
      gateway_refund_reference: expect.stringMatching(/^re_sandbox_/),
    })

    // The ledger: the credit went out again, and the balance is still the sum of the entries.
    expect(await balanceOf(owner.client.id)).toBe(0)
    const wallet = (await api.get('/api/client/wallet/', owner)).json()
    expect(wallet.balance).toBe(0)
    expect(wallet.transactions[0]).toMatchObject({
      transaction_type: 'withdrawal',
      source: 'refund',
      amount: -25,
      order_id: id,
    })
    const sum = wallet.transactions.reduce((total: number, t: { amount: number }) => total + t.amount, 0)
    expect(sum).toBe(wallet.balance)
    expect((await api.get(`/api/payments/orders/${id}/`, owner)).json().status).toBe('refunded')

    // Audited in the same transaction, with the request id.
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, id)))
    expect(entry).toMatchObject({ entityType: 'order', actorEmail: STAFF.email, before: { status: 'paid' } })
    expect(entry?.after).toMatchObject({ status: 'refunded', refund: { method: 'stripe', amount: 25 } })
    expect(entry?.requestId).toEqual(expect.any(String))

    // The receipt stays downloadable and now says refunded.
    expect((await api.get(`/api/staff/orders/${id}/receipt/pdf/`, staff)).statusCode).toBe(200)
  })

  it('refunds once: a second refund is a 409 and concurrent refunds make one', async () => {
    const owner = await registerClient(app)
    const id = await paidTopup(owner, 20)
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(id)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409)
      expect([staffOrderMessages.alreadyRefunded, staffOrderMessages.inProgress]).toContain(
        answer.json().detail,
      )
    }
    const again = await refund(id)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(staffOrderMessages.alreadyRefunded)
    const reversals = await app.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.orderId, id), eq(walletEntries.source, 'refund')))
    expect(reversals).toHaveLength(1)
    expect(await balanceOf(owner.client.id)).toBe(0)
    expect(
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, id))),
    ).toHaveLength(1)
  })

  it('refuses an unpaid order, an unknown one and a missing reason with a clear 4xx', async () => {
    const owner = await registerClient(app)
    const pending = (
      await api.post(
        '/api/payments/orders/',
        { kind: 'wallet_topup', amount: 9, idempotency_key: randomUUID() },
        owner,
      )
    ).json()
    const unpaid = await refund(pending.id)
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().detail).toBe(staffOrderMessages.notPaid('pending'))
    expect((await refund(999_999)).statusCode).toBe(404)
    const noReason = await api.post(`/api/staff/orders/${pending.id}/refund/`, { reason: '  ' }, staff)
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().reason).toEqual(['This field is required.'])
    const notJson = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${pending.id}/refund/`,
      headers: { ...staff.headers, 'content-type': 'application/json' },
      payload: '{"reason":',
    })
    expect(notJson.statusCode).toBe(400)
    expect(await app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, pending.id))).toEqual([])
  })

  it('refuses a top-up the client has already spent', async () => {
    const owner = await registerClient(app)
    const id = await paidTopup(owner, 30)
    await app.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: owner.client.id,
        transactionType: 'payment',
        source: 'order',
        amountMinor: -2000,
        description: 'Spent on a domain',
      }),
    )
    const answer = await refund(id)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().detail).toBe(staffOrderMessages.topupSpent('$10.00', '$30.00'))
    expect((await api.get(`/api/payments/orders/${id}/`, owner)).json().status).toBe('paid')
  })

  it('answers a refusal of the gateway with its words and lets staff try again', async () => {
    const owner = await registerClient(app)
    // A card payment the sandbox never took (a real Stripe reference): the sandbox refuses it.
    const order = await payOrder(app, {
      userId: owner.client.id,
      amountMinor: 1200,
      gatewayRef: 'pi_live_123',
    })
    const refused = await refund(order.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(
      staffOrderMessages.gatewayRefused('The stripe sandbox did not take this payment.'),
    )
    expect(await app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([])
    await app.db.update(orders).set({ gatewayRef: 'pi_sandbox_fixed' }).where(eq(orders.id, order.id))
    expect((await refund(order.id)).statusCode).toBe(200)
  })

  it('answers 502 when the gateway cannot be reached, refunding nothing, and lets staff try again', async () => {
    const owner = await registerClient(app)
    const id = await paidTopup(owner, 12)
    const outage = vi.spyOn(app.payments.stripe, 'refund').mockRejectedValueOnce(new Error('ECONNRESET'))
    try {
      const failed = await refund(id)
      expect(failed.statusCode).toBe(502)
      expect(failed.json().detail).toBe(staffOrderMessages.gatewayFailed)
    } finally {
      outage.mockRestore()
    }
    expect(await balanceOf(owner.client.id)).toBe(1200)
    expect((await refund(id)).statusCode).toBe(200)
  })

  it('keeps a refund in progress to itself, and a retry after a crash finishes it without asking the gateway again', async () => {
    const owner = await registerClient(app)
    const id = await paidTopup(owner, 14)
    const [claim] = await app.db
      .insert(orderRefunds)
      .values({ orderId: id, status: 'pending', method: 'stripe', amountMinor: 1400, reason: 'First try' })
      .returning()
    const busy = await refund(id)
    expect(busy.statusCode).toBe(409)
    expect(busy.json().detail).toBe(staffOrderMessages.inProgress)

    // The server stopped after the gateway refunded: the claim is stale and holds the gateway's refund id.
    await app.db
      .update(orderRefunds)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000), gatewayRefundRef: 're_sandbox_before_crash' })
      .where(eq(orderRefunds.id, claim?.id ?? 0))
    const gateway = vi.spyOn(app.payments.stripe, 'refund')
    try {
      const finished = await refund(id, 'Second try')
      expect(finished.statusCode).toBe(200)
      expect(gateway).not.toHaveBeenCalled()
      expect(finished.json().refund).toMatchObject({
        status: 'succeeded',
        gateway_refund_reference: 're_sandbox_before_crash',
        reason: 'Second try',
      })
    } finally {
      gateway.mockRestore()
    }
    expect(await balanceOf(owner.client.id)).toBe(0)
  })

  it('gives a wallet-paid order back to the wallet and suspends the app it activated', async () => {
    const owner = await registerClient(app)
    await payOrder(app, { userId: owner.client.id, amountMinor: 5000 })
    const [company] = await app.db.select().from(clients).where(eq(clients.userId, owner.client.id))
    const [created] = await app.db
      .insert(apps)
      .values({ clientId: company?.id ?? 0, name: 'Shop alerts', status: 'active' })
      .returning()
    const appId = created?.id ?? 0
    await app.db.insert(appSubscriptions).values({
      appId,
      packageType: 'sms',
      packageName: 'SMS 1000',
      messagesLimit: 1000,
      endDate: new Date(Date.now() + 30 * 86_400_000),
    })
    const [order] = await app.db
      .insert(orders)
      .values({
        userId: owner.client.id,
        kind: 'app_package',
        status: 'paid',
        description: 'SMS 1000 for Shop alerts',
        amountMinor: 3000,
        idempotencyKey: randomUUID(),
        details: { app_id: appId },
        gateway: 'wallet',
        gatewayRef: 'wallet-x',
        paidAt: new Date(),
        fulfilmentStatus: 'done',
      })
      .returning()
    const orderId = order?.id ?? 0
    await app.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: owner.client.id,
        transactionType: 'payment',
        source: 'order',
        amountMinor: -3000,
        description: 'SMS 1000 for Shop alerts',
        orderId,
      }),
    )
    expect(await balanceOf(owner.client.id)).toBe(2000)

    const answer = await refund(orderId)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().refund).toMatchObject({ method: 'wallet', gateway_refund_reference: null })
    expect(await balanceOf(owner.client.id)).toBe(5000)
    const transactions = (await api.get('/api/client/wallet/transactions/', owner)).json().results
    expect(transactions[0]).toMatchObject({
      transaction_type: 'refund',
      source: 'refund',
      amount: 30,
      order_id: orderId,
    })
    const [suspended] = await app.db.select().from(apps).where(eq(apps.id, appId))
    expect(suspended?.status).toBe('suspended')
    const [subscription] = await app.db
      .select()
      .from(appSubscriptions)
      .where(eq(appSubscriptions.appId, appId))
    expect(subscription?.endDate?.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it("reverses both referral rewards when the refunded order was the referral's qualifying order", async () => {
    // A referral qualifies on a verified friend's purchase (not a top-up), and is credited after its hold.
    app.orderHooks.registerFulfiller('domain_renewal', async () => {})
    const referrer = await registerClient(app)
    const code = (await api.get(referralPaths.myCode, referrer)).json().code as string
    const friend = await registerClient(app, { referral_code: code })
    const [welcome] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, friend.email), eq(mailOutbox.template, 'welcome')))
    const token = /verify-email\?token=([\w-]+)/.exec(welcome?.text ?? '')?.[1]
    expect((await api.post(verifyEmailPaths.verify, { token })).statusCode).toBe(200)
    const orderId = await paidTopup(friend, 50, 'domain_renewal')
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0].status).toBe('completed')
    await creditDueRewards(app.db, app.config.referrals, new Date(Date.now() + 30 * 86_400_000))
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0].status).toBe('rewarded')
    expect(await balanceOf(referrer.client.id)).toBe(1000)
    expect(await balanceOf(friend.client.id)).toBe(1000)

    expect((await refund(orderId)).statusCode).toBe(200)
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0].status).toBe('cancelled')
    expect(await balanceOf(referrer.client.id)).toBe(0)
    expect(await balanceOf(friend.client.id)).toBe(0)
    const [referral] = await app.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, friend.client.id))
    expect(referral?.reversedAt).not.toBeNull()
    const friendWallet = (await api.get('/api/client/wallet/', friend)).json()
    expect(friendWallet.referral_earnings).toBe(0)
  })
})
