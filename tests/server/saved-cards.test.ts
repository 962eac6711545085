import { describe, expect, it } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import { insertSavedMethod } from '../../server/modules/payments/repository'
import { createOrder, paymentDeps, payOrderAutomatically } from '../../server/modules/payments'
import { registerClient, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

// Issue 24: the same card saved twice stays one card; "Make default" on the wallet's Saved Cards tab.
const app = await openTestApp()
const api = requests(app)
const cardsOf = async (who: SignedIn) =>
  (await api.get('/api/payments/stripe/saved-payment-methods/', who)).json().results as {
    id: number
    card_last_four: string
    card_exp_year: number
    is_default: boolean
  }[]
const makeDefault = (id: number | string, who: SignedIn) =>
  api.post(`/api/payments/stripe/saved-payment-methods/${id}/default/`, {}, who)

/** Adds a card on the sandbox's card page, as the wallet's Add Card does. */
async function addCard(who: SignedIn, number: string, expYear: number) {
  const setup = await api.post('/api/payments/stripe/saved-payment-methods/setup/', {}, who)
  expect(setup.statusCode).toBe(200)
  const target = new URL(setup.json().checkout_url)
  const saved = await app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: number,
      exp_month: '7',
      exp_year: String(expYear),
      cvc: '123',
    }).toString(),
  })
  expect(saved.statusCode).toBe(303)
}

/** A second card of the client, as a notification of another card number saves it. */
async function otherCard(who: SignedIn, lastFour: string) {
  const row = await insertSavedMethod(
    app.db,
    {
      userId: who.client.id,
      gateway: 'stripe',
      gatewayMethodId: `pm_test_${lastFour}_${Date.now()}`,
      brand: 'mastercard',
      lastFour,
      expMonth: 1,
      expYear: new Date().getUTCFullYear() + 3,
      fingerprint: `fp_other_${lastFour}`,
    },
    false,
  )
  if (!row) throw new Error('card not saved')
  return row
}

describe('saving a card that is already saved', () => {
  it('keeps one card (with the newer expiry) when the same number is saved again', async () => {
    const who = await registerClient(app)
    const year = new Date().getUTCFullYear()
    await addCard(who, SANDBOX_CARDS.succeeds, year + 1)
    await addCard(who, SANDBOX_CARDS.succeeds, year + 4)
    const cards = await cardsOf(who)
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ card_last_four: '4242', card_exp_year: year + 4, is_default: true })
  })

  it('keeps another client’s same card apart, and a different card is a second card', async () => {
    const first = await registerClient(app)
    const second = await registerClient(app)
    const year = new Date().getUTCFullYear()
    await addCard(first, SANDBOX_CARDS.succeeds, year + 1)
    await addCard(second, SANDBOX_CARDS.succeeds, year + 1)
    expect(await cardsOf(first)).toHaveLength(1)
    expect(await cardsOf(second)).toHaveLength(1)
    await otherCard(first, '4444')
    expect((await cardsOf(first)).map((c) => c.card_last_four).sort()).toEqual(['4242', '4444'])
  })
})

describe('Make default', () => {
  it('makes another card the default (one default at a time) and answers the cards, default first', async () => {
    const who = await registerClient(app)
    await addCard(who, SANDBOX_CARDS.succeeds, new Date().getUTCFullYear() + 2)
    const other = await otherCard(who, '4444')
    expect((await cardsOf(who)).find((c) => c.is_default)?.card_last_four).toBe('4242')
    const response = await makeDefault(other.id, who)
    expect(response.statusCode).toBe(200)
    const results = response.json().results as { card_last_four: string; is_default: boolean }[]
    expect(results.map((c) => [c.card_last_four, c.is_default])).toEqual([
      ['4444', true],
      ['4242', false],
    ])
    expect((await cardsOf(who)).filter((c) => c.is_default)).toHaveLength(1)
  })

  it('an automatic renewal pays with the default card chosen here', async () => {
    const who = await registerClient(app)
    await addCard(who, SANDBOX_CARDS.succeeds, new Date().getUTCFullYear() + 2)
    const [first] = await cardsOf(who)
    const other = await otherCard(who, '4444')
    await makeDefault(other.id, who)
    await makeDefault(first?.id as number, who)
    app.orderHooks.registerFulfiller('domain_renewal', async () => {})
    const { order } = await createOrder(app.db, {
      userId: who.client.id,
      kind: 'domain_renewal',
      amountMinor: 1299,
      description: 'Domain renewal',
      idempotencyKey: `renewal-${Date.now()}`,
    })
    const paid = await payOrderAutomatically(paymentDeps(app), who.client.id, order.id)
    expect(paid).toMatchObject({ outcome: 'paid', method: 'card' })
  })

  it("answers 404 for another client's card, 400 for a malformed id and 401 without a token", async () => {
    const owner = await registerClient(app)
    const stranger = await registerClient(app)
    const card = await otherCard(owner, '1111')
    expect((await makeDefault(card.id, stranger)).statusCode).toBe(404)
    expect((await makeDefault('abc', owner)).statusCode).toBe(400)
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/payments/stripe/saved-payment-methods/${card.id}/default/`,
      payload: {},
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
