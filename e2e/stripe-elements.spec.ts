import { expect, test, type FrameLocator, type Page } from '@playwright/test'
import { FakeStripe, STRIPE } from '../tests/server/helpers/fake-stripe'
import { serveFakeStripe } from './fake-stripe-js'
import { registerClient } from './fixtures'
import { basePort, startApiServer } from './own-server'

/**
 * The checkout with Stripe configured: the server runs the real Stripe adapter against the local fake of
 * Stripe's API, the browser loads Stripe.js from js.stripe.com (served by a stand-in that talks to that
 * fake as Stripe.js talks to Stripe), and the fake sends the signed webhooks to our server.
 */
const port = basePort + 5
let stripe: FakeStripe
let api: Awaited<ReturnType<typeof startApiServer>>

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ baseURL: `http://127.0.0.1:${port}` })

test.beforeAll(async () => {
  stripe = await new FakeStripe().start()
  api = await startApiServer(port, {
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_API_URL: stripe.url,
  })
  stripe.webhookUrl = `${api.url}/api/payments/stripe/webhook/`
})

test.afterAll(async () => {
  await api?.stop()
  await stripe?.stop()
})

/** Stripe's test cards (https://docs.stripe.com/testing). */
const SUCCEEDS = '4242424242424242'
const DECLINED = '4000000000000002'

/** Stripe.js at its own host, and every Content-Security-Policy refusal the page reports. */
async function prepare(page: Page) {
  await serveFakeStripe(page, stripe.url)
  const stripeJsLoads: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith('https://js.stripe.com/')) stripeJsLoads.push(page.url())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
  return { stripeJsLoads }
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
}

async function typeCard(frame: FrameLocator, number: string) {
  const field = frame.getByLabel('Credit or debit card number')
  await field.fill(number)
  await frame
    .getByLabel('Credit or debit card expiration date')
    .fill(`12 / ${(new Date().getUTCFullYear() + 2) % 100}`)
  await frame.getByLabel('Credit or debit card CVC/CVV').fill('123')
}

/** Wallet (from the dashboard's quick action) → Add Funds → $25 → the checkout with Stripe Elements. */
async function openTopUp(page: Page) {
  await page.getByRole('link', { name: /^Wallet/ }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$0.00')
  await page.getByRole('button', { name: 'Add Funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Funds' })
  await dialog.getByRole('button', { name: '$25.00' }).click()
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked()
  return dialog
}

test('a wallet top-up paid with a new card in Stripe Elements: the balance, the transaction and the receipt', async ({
  page,
}) => {
  const { stripeJsLoads } = await prepare(page)
  await registerClient(page, { firstName: 'Elle', prefix: 'elements' })
  // Stripe.js is not loaded outside the checkout screens.
  expect(stripeJsLoads).toEqual([])

  const dialog = await openTopUp(page)
  // Real Stripe: no Sandbox badge, the card is typed in Stripe's frame.
  await expect(dialog.getByText('Sandbox')).toHaveCount(0)
  const card = dialog.frameLocator('iframe[title="Secure card payment input frame"]')
  await typeCard(card, SUCCEEDS)
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()

  await expect(page).toHaveURL(/\/payment\/success\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')

  // The browser confirmed the PaymentIntent itself, with its client secret and the publishable key.
  const confirms = stripe.requests.filter((r) => /^\/v1\/payment_intents\/pi_\w+\/confirm$/.test(r.path))
  expect(confirms).toHaveLength(1)
  const form = new URLSearchParams(confirms[0]?.body.toString('utf8'))
  expect(form.get('key')).toBe(STRIPE.publishableKey)
  expect(form.get('client_secret')).toMatch(/^pi_\w+_secret_\w+$/)
  expect(form.get('payment_method_data[card][number]')).toBe(SUCCEEDS)
  expect(stripe.deliveries).toContainEqual({ type: 'payment_intent.succeeded', status: 200, attempt: 1 })

  await page.getByRole('link', { name: 'View Order Details' }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$25.00')
  const row = page.getByTestId('transactions').getByRole('row').filter({ hasText: '+$25.00' })
  await expect(row).toContainText('deposit')
  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: /Receipt \(PDF\)/ }).click()
  const chunks: Buffer[] = []
  for await (const chunk of await (await download).createReadStream()) chunks.push(Buffer.from(chunk))
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')

  expect(await cspViolations(page)).toEqual([])
})

test('a declined card shows the error and keeps the form; another card then pays the same order and is saved', async ({
  page,
}) => {
  await prepare(page)
  await registerClient(page, { firstName: 'Dora', prefix: 'elements' })
  const dialog = await openTopUp(page)
  const card = dialog.frameLocator('iframe[title="Secure card payment input frame"]')
  await typeCard(card, DECLINED)
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()

  // Spec 001 §8: "Payment failed: " with Stripe's reason; the dialog and the typed card stay.
  await expect(dialog.getByTestId('checkout-error')).toHaveText('Payment failed: Your card was declined.')
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(card.getByLabel('Credit or debit card number')).toHaveValue(DECLINED)
  await expect(dialog.getByRole('button', { name: 'Pay $25.00' })).toBeEnabled()
  await expect
    .poll(() => stripe.deliveries.filter((d) => d.type === 'payment_intent.payment_failed').length)
    .toBeGreaterThan(0)

  // The second try also saves the card (setup_future_usage), so it joins Saved Cards once paid.
  await card.getByLabel('Credit or debit card number').fill(SUCCEEDS)
  await dialog.getByRole('checkbox', { name: 'Save this card for future payments' }).check()
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')
  await page.goto('/wallet')
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$25.00')
  await page.getByRole('tab', { name: 'Saved Cards' }).click()
  await expect(page.getByTestId('saved-card')).toHaveCount(1)
  await expect(page.getByTestId('saved-card')).toContainText('4242')
  expect(await cspViolations(page)).toEqual([])
})

test('a card added in Stripe Elements appears in Saved Cards', async ({ page }) => {
  await prepare(page)
  await registerClient(page, { firstName: 'Sam', prefix: 'elements' })
  await page.getByRole('link', { name: /^Wallet/ }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await page.getByRole('tab', { name: 'Saved Cards' }).click()
  await expect(page.getByText('No saved cards')).toBeVisible()
  await page.getByRole('button', { name: 'Add Card' }).click()
  const form = page.getByTestId('add-card-form')
  const card = form.frameLocator('iframe[title="Secure card payment input frame"]')
  await typeCard(card, '5555555555554444')
  // Stripe's webhook comes after Stripe.js has its answer: the form waits for the card to be saved.
  stripe.webhookDelayMs = 2000
  await form.getByRole('button', { name: 'Save Card' }).click()
  await expect(page.getByTestId('awaiting-card')).toContainText('Saving it to your account')

  const saved = page.getByTestId('saved-card')
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText('4444')
  await expect(saved).toContainText(`Expires 12/${new Date().getUTCFullYear() + 2}`)
  stripe.webhookDelayMs = 0
  expect(stripe.deliveries).toContainEqual({ type: 'setup_intent.succeeded', status: 200, attempt: 1 })
  expect(await cspViolations(page)).toEqual([])
})

test('the Stripe hosts are allowed on checkout screens only', async ({ request }) => {
  const csp = async (path: string) => (await request.get(path)).headers()['content-security-policy'] ?? ''
  const wallet = await csp('/wallet')
  expect(wallet).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/)
  expect(wallet).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/)
  expect(wallet).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
  for (const path of ['/dashboard', '/', '/payment/success/1']) {
    expect(await csp(path), path).not.toContain('stripe.com')
  }
})

test("a pending app's 'Complete payment' page loads Stripe Elements and pays the app's order", async ({
  page,
}) => {
  await prepare(page)
  await registerClient(page, { firstName: 'Pia', prefix: 'elements' })
  await page.getByRole('link', { name: 'Create App' }).first().click()
  await page.getByLabel(/App name/).fill('Resumed Alerts')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByTestId('service-sms').click()
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByRole('button', { name: /SMS Starter/ }).click()
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByRole('button', { name: 'Create App' }).click()
  // Paymob (its sandbox) opens beside the app; the client closes it without paying.
  await page.getByRole('radio', { name: 'Paymob' }).click()
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^Pay / }).click()
  await (await popup).close()
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.getByRole('tab', { name: 'My Apps' }).click()
  await page.getByRole('link', { name: 'Complete payment for Resumed Alerts' }).click()
  await expect(page).toHaveURL(/\/manage-msg\/\d+\/payment$/)
  const card = page.frameLocator('iframe[title="Secure card payment input frame"]')
  await typeCard(card, SUCCEEDS)
  // The page came from the server with the checkout policy: Stripe.js, its frame and API are allowed.
  expect(await cspViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Pay $15.00' }).click()
  await expect(page.getByTestId('app-created')).toHaveText('App created successfully!')
  await expect(page).toHaveURL(/\/dashboard$/)
})
