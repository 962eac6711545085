import { expect, test, type Page } from '@playwright/test'
import { DEMO, openFormPage } from './fixtures'

/** The sandbox's card that succeeds (server/adapters/payments/sandbox.ts, Stripe's own test number). */
const SUCCEEDS = '4242424242424242'

// Search, sign-in, a four-step wizard, the gateway's page and its notification, then the management
// page: more than the default 45 s on a loaded machine.
test.describe.configure({ timeout: 150_000 })

/** Opens the dns tab of one of the demo client's domains from the Domains tab. */
async function openDomain(page: Page, domainName: string) {
  await page.goto('/dashboard?tab=domains')
  const card = page.getByTestId('domain-card').filter({ hasText: domainName })
  // A full page load verifies the session first ("Verifying authentication..."): on a loaded machine
  // that alone has taken over 10 s.
  await expect(card).toBeVisible({ timeout: 30_000 })
  await card.getByRole('link', { name: 'Manage' }).click()
  await expect(page).toHaveURL(/\/domain\/\d+$/)
  await expect(page.getByRole('heading', { name: domainName })).toBeVisible()
}

test('a visitor searches, signs in, registers with the sandbox card and manages the new domain', async ({
  page,
}) => {
  const label = `e2e-launch-${Date.now().toString(36)}`
  const domainName = `${label}.com`

  // Search as a visitor.
  await page.goto('/domain-search')
  await page.getByLabel('Domain name').fill(` ${label.toUpperCase()}!`)
  await page.getByLabel('Domain name').press('Enter')
  const row = page.getByTestId('domain-result').filter({ hasText: domainName })
  await expect(row).toContainText('$12.99/year')
  await expect(page.getByTestId('domain-result').filter({ hasText: `${label}.net` })).toBeVisible()

  // Register while signed out: the spec's message, then the login page with the way back.
  await row.getByRole('button', { name: `Register ${domainName}` }).click()
  await expect(page.getByText('Please login to register a domain')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`/domain-register\\?domain=${label}\\.com`))

  // Step 1: Configuration (defaults: 1 year, WHOIS privacy on, auto-renew off).
  await expect(page.getByRole('heading', { name: 'Register Domain' })).toBeVisible()
  await expect(page.getByLabel('Registration period (years)')).toHaveValue('1')
  await expect(page.getByRole('switch', { name: /WHOIS privacy/ })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled()
  await page.getByRole('button', { name: 'Next' }).click()

  // Step 2: Contact Information, prefilled from the account; the rest typed here.
  await expect(page.getByLabel('First name')).toHaveValue(DEMO.firstName)
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.email)
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

  // Step 3: Review & Confirm: 12.99 + 5.99 privacy.
  await expect(page.getByTestId('order-total')).toHaveText('$18.98')
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByText('Order created successfully! Please proceed with payment.')).toBeVisible()

  // Step 4: Payment through the shared checkout and the sandbox's hosted card page.
  const pay = page.getByRole('button', { name: 'Pay $18.98' })
  await expect(pay).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked()
  await pay.click()
  await expect(page).toHaveURL(/\/sandbox\/payments\//)
  await page.getByLabel('Card number').fill(SUCCEEDS)
  await page.getByLabel('Month').fill('12')
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/payment\/success\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')

  // The domain is in the Domains tab, registered.
  await page.goto('/dashboard?tab=domains')
  const card = page.getByTestId('domain-card').filter({ hasText: domainName })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Active')
  await expect(card.getByTestId('days-left')).toHaveText(/^36[56]$/)
  await expect(card.getByRole('switch', { name: 'Locked' })).toBeChecked()

  // Add an MX record on the dns tab (a mail host elsewhere: one inside the domain needs its A record first).
  await openDomain(page, domainName)
  await page.getByRole('tab', { name: 'DNS' }).click()
  await page.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'MX', exact: true }).click()
  await expect(page.getByLabel('Priority')).toHaveValue('10')
  await page.getByLabel('Host').fill('@')
  await page.getByLabel('Value').fill('mx.mailhost.example')
  await page.getByRole('button', { name: 'Add Record' }).click()
  await expect(page.getByText('DNS record added successfully')).toBeVisible()
  const mx = page.getByTestId('dns-records').getByRole('row').filter({ hasText: 'mx.mailhost.example' })
  await expect(mx).toContainText('MX')
  await expect(mx).toContainText('3600')
  await expect(mx).toContainText('10')

  // The transfer code needs the domain unlocked.
  await page.getByRole('tab', { name: 'Transfer' }).click()
  await expect(page.getByText('Domain is locked')).toBeVisible()
  await page.getByRole('tab', { name: 'Overview' }).click()
  await page.getByRole('switch', { name: 'Domain lock' }).click()
  await expect(page.getByText('Domain unlocked successfully')).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Domain lock' })).not.toBeChecked()
  await page.getByRole('tab', { name: 'Transfer' }).click()
  await page.getByRole('button', { name: 'Get Auth Code' }).click()
  await expect(page.getByText('Auth code retrieved successfully')).toBeVisible()
  await expect(page.getByTestId('auth-code')).toHaveText(/\S{8,}/)
})

test('a DNS value of the wrong kind is refused with its message and the form keeps what was typed', async ({
  page,
}) => {
  await openFormPage(page, '/login')
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  // The seed's locked domain with DNS records.
  await openDomain(page, 'demo-company.com')
  await page.getByRole('tab', { name: 'DNS' }).click()
  const records = page.getByTestId('dns-records').getByRole('row')
  await expect(records.filter({ hasText: 'mail.demo-company.com' })).toBeVisible()
  const before = await records.count()

  // Host and value are required (spec 002 §5).
  await page.getByLabel('Value').fill('192.0.2.44')
  await page.getByRole('button', { name: 'Add Record' }).click()
  await expect(page.getByText('Please fill in all required fields')).toBeVisible()
  await expect(page.getByLabel('Value')).toHaveValue('192.0.2.44')

  // An A record needs an IPv4 address.
  await page.getByLabel('Host').fill('shop')
  await page.getByLabel('Value').fill('not-an-address')
  await page.getByRole('button', { name: 'Add Record' }).click()
  await expect(page.getByText('An A record needs an IPv4 address such as 192.0.2.10.')).toBeVisible()
  await expect(page.getByLabel('Host')).toHaveValue('shop')
  await expect(page.getByLabel('Value')).toHaveValue('not-an-address')
  await expect(records).toHaveCount(before)

  // Fewer than 2 nameservers are refused with the spec's message.
  await page.getByRole('tab', { name: 'Nameservers' }).click()
  await page.getByLabel('Nameserver 2').fill('')
  await page.getByRole('button', { name: /^Save/ }).click()
  await expect(page.getByText('Please provide at least 2 nameservers')).toBeVisible()
})
