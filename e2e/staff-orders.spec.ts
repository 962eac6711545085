import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO, SECOND_CLIENT, signInThroughForm } from './fixtures'

const STAFF = { ...DEMO, email: 'staff@example.com', password: 'StaffPass!2026' }
/** The sandbox's card that succeeds (server/adapters/payments/sandbox.ts). */
const SUCCEEDS = '4242424242424242'

// A checkout, the gateway's notification and a refund on a loaded machine: more than the default.
test.describe.configure({ timeout: 120_000 })

async function signedInPage(browser: Browser, baseURL: string | undefined, credentials: typeof DEMO) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signInThroughForm(page, credentials)
  return page
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''))

/** The wallet's balance once it shows `expected` (a cached copy may show first, then the fresh one). */
async function expectBalance(page: Page, expected: number) {
  await page.goto('/wallet')
  const card = page.getByTestId('wallet-Available Balance')
  await expect.poll(async () => money(await card.textContent())).toBeCloseTo(expected, 2)
}

async function balanceOf(page: Page): Promise<number> {
  await page.goto('/wallet')
  const card = page.getByTestId('wallet-Available Balance')
  await expect(card).toContainText('$')
  return money(await card.textContent())
}

test('staff refund a paid top-up from the console and the client’s wallet shows it', async ({
  browser,
  baseURL,
}) => {
  // Northwind's wallet is counted by no other spec.
  const client = await signedInPage(browser, baseURL, SECOND_CLIENT)
  const before = await balanceOf(client)
  await client.getByRole('button', { name: 'Add Funds' }).click()
  const dialog = client.getByRole('dialog', { name: 'Add Funds' })
  await dialog.getByRole('button', { name: '$25.00' }).click()
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click()
  await dialog.getByRole('button', { name: 'Pay $25.00' }).click()
  await expect(client).toHaveURL(/\/sandbox\/payments\//)
  await client.getByLabel('Card number').fill(SUCCEEDS)
  await client.getByLabel('Month').fill('12')
  await client.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await client.getByLabel('CVC').fill('123')
  await client.getByRole('button', { name: /^Pay / }).click()
  await expect(client).toHaveURL(/\/payment\/success\/\d+$/)
  await expect(client.getByTestId('order-status')).toHaveText('paid')
  const orderId = /\/payment\/success\/(\d+)$/.exec(client.url())?.[1]
  await expectBalance(client, before + 25)

  const staff = await signedInPage(browser, baseURL, STAFF)
  await staff.getByRole('link', { name: 'Staff console' }).first().click()
  await expect(staff.getByRole('heading', { name: 'Payments today' })).toBeVisible()
  await staff.getByRole('link', { name: 'Open today’s paid orders' }).click()
  await expect(staff).toHaveURL(/\/staff\/orders\?/)
  await staff.getByRole('combobox', { name: 'Client' }).click()
  await staff.getByRole('option', { name: SECOND_CLIENT.company }).click()
  const row = staff.locator(`[data-order-id="${orderId}"]`)
  await expect(row).toContainText(SECOND_CLIENT.email)
  await expect(row).toContainText('$25.00')
  await row.getByRole('link', { name: new RegExp(`^#${orderId} `) }).click()
  await expect(staff).toHaveURL(new RegExp(`/staff/orders/${orderId}$`))
  await expect(staff.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible()
  // The sandbox's notification, as the gateway sent it.
  await expect(staff.getByRole('row').filter({ hasText: 'Applied' })).toContainText('Paid')
  await expect(staff.getByRole('button', { name: /^Receipt R-\d{4}-\d{6} \(PDF\)$/ })).toBeVisible()

  await staff.getByRole('button', { name: 'Refund' }).click()
  const refund = staff.getByRole('dialog', { name: `Refund order #${orderId}` })
  await expect(refund).toContainText("The top-up's credit is taken out of the client's wallet.")
  await refund.getByLabel(/^Reason/).fill('Charged by mistake (e2e)')
  await refund.getByRole('button', { name: 'Refund $25.00' }).click()
  await expect(staff.getByText('The order was refunded.')).toBeVisible()
  await expect(staff.getByTestId('order-refund')).toContainText('Charged by mistake (e2e)')
  await expect(staff.getByTestId('order-refund')).toContainText('re_sandbox_')
  await expect(staff.getByRole('button', { name: 'Refund' })).toHaveCount(0)

  // The client sees the refund: the balance back where it was and the refund transaction.
  await expectBalance(client, before)
  const refunded = client
    .getByTestId('transactions')
    .getByRole('row')
    .filter({ hasText: `order #${orderId}` })
  await expect(refunded).toContainText('-$25.00')
  await expect(refunded).toContainText('refunded')
})
