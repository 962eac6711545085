import { expect, test, type Page } from '@playwright/test'
import { openFormPage, uniqueEmail } from './fixtures'

/** The sandbox's test cards (server/adapters/payments/sandbox.ts, Stripe's own test numbers). */
const SUCCEEDS = '4242424242424242'
const DECLINED = '4000000000000002'
const PASSWORD = 'Wallet!Topup2026'

// Each test registers, checks out and waits for the gateway's notification: more than the default 45 s on a
// loaded machine.
test.describe.configure({ timeout: 120_000 })

/** A new client with an empty wallet, signed in on the dashboard. */
async function registerClient(page: Page, firstName: string) {
  await openFormPage(page, '/register')
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill('Tester')
  await page.getByLabel('Email').fill(uniqueEmail('wallet'))
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
}

/** Wallet → Add Funds → $25 → card checkout → the sandbox's hosted card page, paid with `card`. */
async function topUpWith(page: Page, card: string, button: RegExp | string = /^Pay /) {
  // The dashboard's Wallet quick action.
  await page.getByRole('link', { name: /^Wallet/ }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByRole('heading', { name: 'Client Wallet' })).toBeVisible()
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$0.00')
  await page.getByRole('button', { name: 'Add Funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Funds' })
  await dialog.getByRole('button', { name: '$25.00' }).click()
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked()
  await expect(dialog.getByText('Sandbox')).toBeVisible()
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()
  await expect(page).toHaveURL(/\/sandbox\/payments\//)
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Month').fill('12')
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: button }).click()
}

test('a sandbox card tops up the wallet: the success page, the balance and the transaction', async ({
  page,
}) => {
  await registerClient(page, 'Tessa')
  await topUpWith(page, SUCCEEDS)
  await expect(page).toHaveURL(/\/payment\/success\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')
  await expect(page.getByTestId('payment-confirmations')).toContainText('Confirmation email sent')

  await page.getByRole('link', { name: 'View Order Details' }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$25.00')
  const row = page.getByTestId('transactions').getByRole('row').filter({ hasText: '+$25.00' })
  await expect(row).toContainText('deposit')
})

test('a payment whose notification is lost is fulfilled by reconciliation', async ({ page }) => {
  // The sandbox takes the money but never calls the webhook; the e2e server asks the gateway about a
  // checkout PAYMENTS_RECONCILE_AFTER_S (20 s, e2e/playwright.config.ts) after it started, on the
  // reconciliation queue's every-minute schedule: up to about 80 s.
  test.setTimeout(210_000)
  await registerClient(page, 'Rhea')
  await topUpWith(page, SUCCEEDS, 'Pay, but lose the notification')
  await expect(page).toHaveURL(/\/payment\/success\/\d+$/)
  // Nothing has told the server of the payment yet: the page waits for the confirmation.
  await expect(page.getByRole('heading', { name: 'Confirming your payment...' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('pending')

  // Reconciliation asks the sandbox how the checkout stands, and applies its answer as the notification.
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 150_000 })
  await expect(page.getByTestId('order-status')).toHaveText('paid')
  await page.goto('/wallet')
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$25.00')
  await expect(
    page.getByTestId('transactions').getByRole('row').filter({ hasText: '+$25.00' }),
  ).toContainText('deposit')
})

test('a paid top-up has a receipt PDF beside its transaction', async ({ page }) => {
  await registerClient(page, 'Rhea')
  await topUpWith(page, SUCCEEDS)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await page.goto('/wallet')
  const row = page.getByTestId('transactions').getByRole('row').filter({ hasText: '+$25.00' })
  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: /Receipt \(PDF\)/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.pdf$/)
  const chunks: Buffer[] = []
  for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk))
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')
})

test('a declined sandbox card ends on the failure page, says nothing was charged and leaves the balance alone', async ({
  page,
}) => {
  await registerClient(page, 'Dex')
  await topUpWith(page, DECLINED)
  await expect(page).toHaveURL(/\/payment\/fail\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
  await expect(page.getByText('Your card was declined.')).toBeVisible()
  // What was attempted, and that nothing was charged: never "Charged" or "Paid with" (issue 24).
  const facts = page.getByTestId('order-facts')
  await expect(facts).toContainText('Attempted with')
  await expect(page.getByTestId('nothing-charged')).toHaveText('Nothing was charged.')
  await expect(facts).not.toContainText('Charged')
  await expect(facts).not.toContainText('Paid with')
  await expect(page.getByRole('link', { name: 'Live Chat' })).toHaveAttribute('href', '/contact')
  await page.goto('/wallet')
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$0.00')
})

test('/payment-success?order_id= reaches the success page', async ({ page }) => {
  await page.goto('/payment-success?order_id=12')
  await expect(page).toHaveURL(/\/payment\/success\/12$/)
})
