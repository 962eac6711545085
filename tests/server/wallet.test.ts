import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import { users } from '../../server/db/schema'
import { createOrder } from '../../server/modules/payments'
import { appendLedgerEntry } from '../../server/modules/wallet'
import { registerClient, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const api = requests(app)

async function userIdOf(who: SignedIn & { email: string }): Promise<number> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, who.email))
  if (!row) throw new Error('no such user')
  return row.id
}

function submit(url: string, fields: Record<string, string>) {
  const target = new URL(url, 'http://local')
  return app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
}

const card = (number: string) => ({
  card_number: number,
  exp_month: '7',
  exp_year: String(new Date().getUTCFullYear() + 2),
  cvc: '123',
})

/** Tops up through the sandbox card page, as a client would. */
async function topUp(who: SignedIn, amount: number) {
  const order = (
    await api.post(
      '/api/payments/orders/',
      { kind: 'wallet_topup', amount, idempotency_key: randomUUID() },
      who,
    )
  ).json()
  const checkout = (
    await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: Math.round(amount * 100), currency: 'usd', order_id: order.id },
      who,
    )
  ).json()
  expect((await submit(checkout.checkout_url, card(SANDBOX_CARDS.succeeds))).statusCode).toBe(303)
  return order as { id: number }
}

describe('wallet ledger', () => {
  it('the balance is the sum of the entries, shown with spec field names', async () => {
    const who = await registerClient(app)
    await topUp(who, 30)
    await topUp(who, 12.5)
    const wallet = (await api.get('/api/client/wallet/', who)).json()
    expect(wallet).toMatchObject({
      balance: 42.5,
      currency: 'USD',
      referral_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      saved_cards: [],
    })
    expect(wallet.referral_stats).toEqual({
      total_referrals: 0,
      pending_referrals: 0,
      completed_referrals: 0,
      total_rewards: 0,
      pending_rewards: 0,
      pending_reward_items: [],
    })
    const list = (await api.get('/api/client/wallet/transactions/', who)).json()
    expect(list.count).toBe(2)
    expect(list.results[0]).toMatchObject({ transaction_type: 'deposit', amount: 12.5, status: 'completed' })
    const sum = list.results.reduce((total: number, t: { amount: number }) => total + t.amount, 0)
    expect(sum).toBe(wallet.balance)
  })

  it('pays an order from the wallet when the balance covers it, as a negative payment entry', async () => {
    const who = await registerClient(app)
    await topUp(who, 50)
    const userId = await userIdOf(who)
    const { order } = await createOrder(app.db, {
      userId,
      kind: 'domain_registration',
      amountMinor: 1299,
      description: 'example.com for 1 year',
      idempotencyKey: randomUUID(),
    })
    app.orderHooks.registerFulfiller('domain_registration', async () => {})
    const paid = await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)
    expect(paid.statusCode).toBe(200)
    expect(paid.json().order).toMatchObject({ status: 'paid', gateway: 'wallet', fulfilled: true })
    const wallet = (await api.get('/api/client/wallet/', who)).json()
    expect(wallet.balance).toBe(37.01)
    expect(wallet.transactions[0]).toMatchObject({
      transaction_type: 'payment',
      amount: -12.99,
      order_id: order.id,
    })
    const again = await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)
    expect(again.statusCode).toBe(400)
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(37.01)
  })

  it('refuses a wallet payment the balance does not cover, and never goes below zero', async () => {
    const who = await registerClient(app)
    await topUp(who, 5)
    const userId = await userIdOf(who)
    const { order } = await createOrder(app.db, {
      userId,
      kind: 'app_package',
      amountMinor: 10_000,
      description: 'SMS Msg Basic',
      idempotencyKey: randomUUID(),
    })
    const refused = await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe('Your wallet balance does not cover this order.')
    await expect(
      app.db.transaction((tx) =>
        appendLedgerEntry(tx, {
          userId,
          transactionType: 'withdrawal',
          source: 'refund',
          amountMinor: -600,
          description: 'x',
        }),
      ),
    ).rejects.toThrow('Insufficient wallet balance.')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(5)
  })

  it('a credit with a unique key happens once', async () => {
    const who = await registerClient(app)
    const userId = await userIdOf(who)
    const entry = {
      userId,
      transactionType: 'deposit' as const,
      source: 'referral_reward' as const,
      amountMinor: 1000,
      description: 'Referral reward',
      uniqueKey: `referral-test:${userId}`,
    }
    expect(await app.db.transaction((tx) => appendLedgerEntry(tx, entry))).not.toBeNull()
    expect(await app.db.transaction((tx) => appendLedgerEntry(tx, entry))).toBeNull()
    const wallet = (await api.get('/api/client/wallet/', who)).json()
    expect(wallet).toMatchObject({ balance: 10, referral_earnings: 10 })
  })

  it("another client's wallet and orders stay out of reach", async () => {
    const owner = await registerClient(app)
    const other = await registerClient(app)
    const order = await topUp(owner, 8)
    expect((await api.get('/api/client/wallet/', other)).json().balance).toBe(0)
    expect((await api.get('/api/client/wallet/transactions/', other)).json().count).toBe(0)
    expect((await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, other)).statusCode).toBe(
      404,
    )
    expect((await api.get('/api/client/wallet/')).statusCode).toBe(401)
  })
})

describe('saved cards', () => {
  it('adds a card through the sandbox card page, lists it and removes it; another client gets 404', async () => {
    const who = await registerClient(app)
    const other = await registerClient(app)
    const setup = await api.post('/api/payments/stripe/saved-payment-methods/setup/', {}, who)
    expect(setup.statusCode).toBe(200)
    const saved = await submit(setup.json().checkout_url, card(SANDBOX_CARDS.succeeds))
    expect(saved.statusCode).toBe(303)
    const list = (await api.get('/api/payments/stripe/saved-payment-methods/', who)).json().results
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      card_brand: 'visa',
      card_last_four: '4242',
      card_exp_month: 7,
      is_default: true,
      is_active: true,
    })
    expect((await api.get('/api/client/wallet/', who)).json().saved_cards).toHaveLength(1)
    const removeUrl = `/api/payments/stripe/saved-payment-methods/${list[0].id}/remove/`
    expect((await app.inject({ method: 'DELETE', url: removeUrl, headers: other.headers })).statusCode).toBe(
      404,
    )
    const removed = await app.inject({ method: 'DELETE', url: removeUrl, headers: who.headers })
    expect(removed.json()).toEqual({ success: true, message: 'Card removed successfully!' })
    expect((await api.get('/api/payments/stripe/saved-payment-methods/', who)).json().results).toHaveLength(0)
  })

  it('pays with a saved card at once when asked to confirm', async () => {
    const who = await registerClient(app)
    const setup = (await api.post('/api/payments/stripe/saved-payment-methods/setup/', {}, who)).json()
    await submit(setup.checkout_url, card(SANDBOX_CARDS.succeeds))
    const [saved] = (await api.get('/api/payments/stripe/saved-payment-methods/', who)).json().results
    const order = (
      await api.post(
        '/api/payments/orders/',
        { kind: 'wallet_topup', amount: 11, idempotency_key: randomUUID() },
        who,
      )
    ).json()
    const answer = await api.post(
      '/api/payments/stripe/process/temp_order/',
      {
        amount: 1100,
        currency: 'usd',
        order_id: order.id,
        use_saved_payment_method: true,
        saved_payment_method_id: saved.id,
        confirm_payment: true,
      },
      who,
    )
    expect(answer.json()).toMatchObject({ success: true, message: 'Payment successful!', status: 'paid' })
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(11)
  })
})
