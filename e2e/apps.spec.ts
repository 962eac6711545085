import { expect, test, type Page } from '@playwright/test'
import { openFormPage, uniqueEmail } from './fixtures'

/** The sandbox's test card that succeeds (server/adapters/payments/sandbox.ts). */
const SUCCEEDS = '4242424242424242'
const PASSWORD = 'Apps!Sender2026'

// Registers, pays through the sandbox and waits for the gateway's notification and the delivery queue.
test.describe.configure({ timeout: 150_000 })

/** A new client (so the demo client's figures stay as seeded), signed in on the dashboard. */
async function registerClient(page: Page) {
  await openFormPage(page, '/register')
  await page.getByLabel('First name').fill('Sami')
  await page.getByLabel('Last name').fill('Sender')
  await page.getByLabel('Email').fill(uniqueEmail('apps'))
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
}

test('a client creates an app with the sandbox card, sends 3 messages with its key and sees them', async ({
  page,
  request,
}) => {
  await registerClient(page)
  await page.getByRole('link', { name: 'Create App' }).first().click()
  await expect(page).toHaveURL(/\/create-app$/)

  // The wizard: App Details, Service Type, Select Package, Payment.
  await page.getByLabel(/App name/).fill('Courier Alerts')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByTestId('service-sms').click()
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByRole('button', { name: /SMS Starter/ }).click()
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByTestId('wizard-total')).toHaveText('$15.00')
  await page.getByRole('button', { name: 'Create App' }).click()

  // The shared checkout for the app's order: the card, on the sandbox's hosted page.
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked()
  await page.getByRole('button', { name: 'Pay $15.00' }).click()
  await expect(page).toHaveURL(/\/sandbox\/payments\//)
  await page.getByLabel('Card number').fill(SUCCEEDS)
  await page.getByLabel('Month').fill('12')
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()

  // Created once the gateway's notification confirmed the payment, then the dashboard 2 s later.
  await expect(page).toHaveURL(/\/payment\/success\/\d+$/)
  await expect(page.getByTestId('app-created')).toHaveText('App created successfully!')
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.getByRole('tab', { name: 'My Apps' }).click()
  await expect(page.getByText('Showing 1 of 1 apps')).toBeVisible()
  await page.getByRole('link', { name: 'Manage Courier Alerts' }).click()
  await expect(page).toHaveURL(/\/manage-msg\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Courier Alerts' })).toBeVisible()
  const info = page.getByTestId('app-info')
  await expect(info).toContainText('active')

  // The key: masked to 8 characters until shown.
  const keyField = info.getByTestId('app-api-key')
  await expect(keyField).toHaveText(/^cyk_\w{4}•{16}$/)
  await info.getByRole('button', { name: 'Show API key' }).click()
  await expect(keyField).toHaveText(/^cyk_[0-9a-f]{48}$/)
  const apiKey = (await keyField.textContent()) ?? ''

  const usage = page.getByTestId('usage-sms')
  await expect(usage.getByTestId('usage-counts')).toHaveText('0 of 5,000 used · 5,000 remaining')
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')

  // The client's system sends three messages with the key, as curl would.
  const recipients = ['+13125550141', '+13125550142', '+13125550143']
  for (const [index, to] of recipients.entries()) {
    const response = await request.post('/api/v1/messages', {
      headers: { 'X-API-Key': apiKey },
      data: { channel: 'sms', to, body: `Your parcel ${index + 1} is on its way.` },
    })
    expect(response.status()).toBe(202)
    expect(await response.json()).toMatchObject({ channel: 'sms', to, status: 'queued' })
  }

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(usage.getByTestId('usage-counts')).toHaveText('3 of 5,000 used · 4,997 remaining')
  await expect(usage.getByTestId('usage-percentage')).toHaveText('0.1%')
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0.06')

  await page.getByRole('tab', { name: 'Activity' }).click()
  const activity = page.getByTestId('recent-messages')
  for (const to of recipients) await expect(activity.getByRole('row').filter({ hasText: to })).toBeVisible()
  await expect(activity.getByRole('row')).toHaveCount(4)
})
