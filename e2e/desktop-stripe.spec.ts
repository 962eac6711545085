import { expect, test } from '@playwright/test'
import { FakeStripe, STRIPE, VISA } from '../tests/server/helpers/fake-stripe'
import { installDesktopBridge } from './desktop-bridge'
import { DEMO, openFormPage } from './fixtures'
import { basePort, serveRenderer, startApiServer } from './own-server'

/**
 * The desktop app with real Stripe keys (issue 27): its renderer (served from another origin, as
 * app://cypher is) cannot run Stripe.js, so a card payment and "Add Card" open Stripe's hosted Checkout
 * page in the system browser (recorded by the fake bridge), and the app polls until the server has
 * Stripe's webhook. The server runs the real Stripe adapter against the local fake of Stripe's API,
 * which plays the client paying on the hosted page and sends the signed webhooks.
 */
let stripe: FakeStripe
let api: Awaited<ReturnType<typeof startApiServer>>
let renderer: Awaited<ReturnType<typeof serveRenderer>>

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  stripe = await new FakeStripe().start()
  renderer = await serveRenderer(basePort + 12)
  api = await startApiServer(basePort + 13, {
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_API_URL: stripe.url,
    CORS_ORIGINS: renderer.origin,
  })
  stripe.webhookUrl = `${api.url}/api/payments/stripe/webhook/`
})

test.afterAll(async () => {
  await api?.stop()
  await renderer?.stop()
  await stripe?.stop()
})

/** The Checkout Session a hosted page URL names. */
const sessionOf = (url: string | undefined) => new URL(url ?? 'https://x/').pathname.split('/').at(-1) ?? ''

test('a wallet top-up and a new card with real Stripe keys go through Stripe Checkout in the browser', async ({
  page,
}) => {
  const bridge = await installDesktopBridge(page, api.url)
  const stripeJs: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith('https://js.stripe.com/')) stripeJs.push(request.url())
  })
  await openFormPage(page, `${renderer.origin}/login`)
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${renderer.origin}/dashboard`)

  await page
    .getByRole('link', { name: /^Wallet/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/wallet$/)
  const before = await page.getByTestId('wallet-Available Balance').innerText()
  await page.getByRole('button', { name: 'Add Funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Funds' })
  await dialog.getByRole('button', { name: '$25.00' }).click()
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked()
  await expect(dialog.getByText('Sandbox')).toHaveCount(0)
  await dialog.getByRole('checkbox', { name: 'Save this card for future payments' }).check()
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()

  // Stripe's hosted page opens in the system browser; the app waits for the payment.
  await expect(page.getByText('Complete the payment in your browser')).toBeVisible()
  await expect(page.getByText('Stripe has not loaded yet')).toHaveCount(0)
  expect(bridge.opened).toHaveLength(1)
  expect(bridge.opened[0]).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/)

  // The client pays on Stripe's page; Stripe's webhook reaches the server, the app's polling sees it.
  stripe.completeCheckoutSession(sessionOf(bridge.opened[0]), VISA)
  await expect(page).toHaveURL(/\/payment\/success\/\d+$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')
  expect(stripe.deliveries).toContainEqual({ type: 'payment_intent.succeeded', status: 200, attempt: 1 })

  // "Add Card": Checkout in setup mode, in the browser; the card appears once Stripe's webhook saved it.
  await page.getByRole('link', { name: 'View Order Details' }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByTestId('wallet-Available Balance')).not.toHaveText(before)
  await page.getByRole('tab', { name: 'Saved Cards' }).click()
  await expect(page.getByTestId('saved-card')).toHaveCount(1)
  await page.getByRole('button', { name: 'Add Card' }).click()
  const form = page.getByTestId('add-card-form')
  await expect(form.getByText('Sandbox')).toHaveCount(0)
  await form.getByRole('button', { name: 'Continue to card page' }).click()
  await expect(page.getByTestId('awaiting-card')).toContainText('page that opened in your browser')
  expect(bridge.opened).toHaveLength(2)
  expect(bridge.opened[1]).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/)
  stripe.completeCheckoutSession(sessionOf(bridge.opened[1]), {
    brand: 'mastercard',
    last4: '4444',
    exp_month: 12,
    exp_year: 2031,
  })
  await expect(page.getByTestId('saved-card')).toHaveCount(2, { timeout: 30_000 })
  await expect(page.getByTestId('saved-card').filter({ hasText: '4444' })).toHaveCount(1)
  expect(stripeJs).toEqual([])
})
