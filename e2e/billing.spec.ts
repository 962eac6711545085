import { expect, test, type Page } from '@playwright/test'
import { registerClient } from './fixtures'

/** The sandbox's test card that succeeds (server/adapters/payments/sandbox.ts). */
const SUCCEEDS = '4242424242424242'

// Registration, a top-up on the sandbox's card page and its notification, a domain wizard: more than the
// default 45 s on a loaded machine.
test.describe.configure({ timeout: 180_000 })

/** Wallet → Add Funds → $25 → the sandbox's card page, paid; ends on the success page. */
async function topUp25(page: Page) {
  await page.goto('/wallet')
  await expect(page.getByRole('heading', { name: 'Client Wallet' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Funds' })
  await dialog.getByRole('button', { name: '$25.00' }).click()
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click()
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()
  await expect(page).toHaveURL(/\/sandbox\/payments\//)
  await page.getByLabel('Card number').fill(SUCCEEDS)
  await page.getByLabel('Month').fill('12')
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
}

/** The registration wizard up to its Payment step, with an order created for `domainName`. */
async function orderDomain(page: Page, domainName: string) {
  await page.goto(`/domain-register?domain=${domainName}`)
  await expect(page.getByRole('heading', { name: 'Register Domain' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  for (const [field, value] of [
    ['Phone', '+1.3125550199'],
    ['Address', '233 S Wacker Dr'],
    ['City', 'Chicago'],
    ['State', 'IL'],
    ['ZIP', '60606'],
  ] as const) {
    const input = page.getByRole('textbox', { name: field })
    if ((await input.inputValue()).trim() === '') await input.fill(value)
  }
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByTestId('order-total')).toHaveText('$18.98')
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByText('Order created successfully! Please proceed with payment.')).toBeVisible()
}

const label = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

test('a domain is paid from the wallet, and /billing shows the order, its attempts and its receipt', async ({
  page,
}) => {
  await registerClient(page, { firstName: 'Wanda', prefix: 'billing' })
  await topUp25(page)
  const domainName = `${label('e2e-wallet')}.com`
  await orderDomain(page, domainName)

  // The Payment step offers the wallet, which covers $18.98 with $25.00.
  const wallet = page.getByRole('radio', { name: 'Wallet' })
  await expect(wallet).toBeVisible()
  await wallet.check()
  await page.getByRole('button', { name: 'Pay $18.98' }).click()
  await expect(page).toHaveURL(/\/payment\/success\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')
  await expect(page.getByTestId('order-facts')).toContainText('Wallet')
  await page.goto('/wallet')
  await expect(page.getByTestId('wallet-Available Balance')).toContainText('$6.02')
  await page.goto('/dashboard?tab=domains')
  await expect(page.getByTestId('domain-card').filter({ hasText: domainName })).toContainText('Active')

  // The header's Billing history: both orders, newest first.
  await page.getByRole('link', { name: 'Billing history' }).first().click()
  await expect(page).toHaveURL(/\/billing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Billing history' })).toBeVisible()
  const rows = page.getByTestId('billing-order')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText(domainName)
  await expect(rows.nth(0)).toContainText('$18.98 USD')
  await expect(rows.nth(0)).toContainText('Wallet')
  await expect(rows.nth(0)).toContainText('paid')
  await expect(rows.nth(1)).toContainText('Wallet top-up of $25.00')
  await expect(rows.nth(1)).toContainText('Card')

  // The top-up: its card attempt and its receipt as a PDF.
  await rows
    .nth(1)
    .getByRole('link', { name: /Wallet top-up/ })
    .click()
  await expect(page).toHaveURL(/\/billing\/\d+$/)
  const attempt = page.getByTestId('payment-attempt')
  await expect(attempt).toHaveCount(1)
  await expect(attempt).toContainText('Card')
  await expect(attempt).toContainText('$25.00 USD')
  await expect(attempt).toContainText('Succeeded')
  const receipt = page.getByTestId('order-receipt')
  await expect(receipt).toContainText(/R-\d{4}-\d{6}/)
  const download = page.waitForEvent('download')
  await receipt.getByRole('button', { name: /Receipt \(PDF\)/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.pdf$/)

  // The domain order: paid from the wallet.
  await page.getByRole('link', { name: 'Back to billing history' }).click()
  await rows
    .nth(0)
    .getByRole('link', { name: new RegExp(domainName.replace('.', '\\.')) })
    .click()
  await expect(page.getByTestId('payment-attempt')).toContainText('Wallet')
  await expect(page.getByTestId('payment-attempt')).toContainText('Succeeded')
  await expect(page.getByTestId('order-receipt')).toContainText(/R-\d{4}-\d{6}/)
})

test('an unpaid domain order is cancelled from /billing', async ({ page }) => {
  await registerClient(page, { firstName: 'Cass', prefix: 'billing' })
  const domainName = `${label('e2e-cancel')}.com`
  await orderDomain(page, domainName)
  // The client leaves without paying; the wallet's link leads to the billing history.
  await page.goto('/wallet')
  await page.getByRole('link', { name: 'Billing history' }).last().click()
  await expect(page).toHaveURL(/\/billing$/)
  const row = page.getByTestId('billing-order').filter({ hasText: domainName })
  await expect(row).toContainText('pending')
  await row.getByRole('link', { name: new RegExp(domainName.replace('.', '\\.')) }).click()
  await expect(page.getByText('No payment has been attempted yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Complete payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel order' })
  await expect(dialog.getByText(/Nothing has been charged for it/)).toBeVisible()
  // Pressed rather than clicked: the dialog may still be sliding in on a loaded machine.
  await dialog.getByRole('button', { name: 'Cancel order' }).press('Enter')
  await expect(page.getByText('Order cancelled.')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('cancelled')
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to billing history' }).click()
  await expect(page.getByTestId('billing-order').filter({ hasText: domainName })).toContainText('cancelled')
})

test("an unpaid order's Complete payment goes back into its checkout", async ({ page }) => {
  await registerClient(page, { firstName: 'Paz', prefix: 'billing' })
  const domainName = `${label('e2e-resume')}.com`
  await orderDomain(page, domainName)
  await page.goto('/billing')
  await page.getByTestId('billing-order').filter({ hasText: domainName }).getByRole('link').click()
  await page.getByRole('link', { name: 'Complete payment' }).click()
  await expect(page).toHaveURL(/\/billing\/\d+\/pay$/)
  await page.getByRole('button', { name: 'Pay $18.98' }).click()
  await expect(page).toHaveURL(/\/sandbox\/payments\//)
  await page.getByLabel('Card number').fill(SUCCEEDS)
  await page.getByLabel('Month').fill('12')
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await page.goto('/billing')
  await expect(page.getByTestId('billing-order').filter({ hasText: domainName })).toContainText('paid')
})
