import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO, signInThroughForm } from './fixtures'

const STAFF = { email: 'staff@example.com', password: 'StaffPass!2026' }

interface ScannedPage {
  path: string
  /** Opened by the demo client, signed in through the form first. */
  signedIn?: boolean
}

/** The pages issue 25 has axe-core check: any serious or critical violation fails. */
const PAGES: ScannedPage[] = [
  { path: '/' },
  { path: '/services' },
  { path: '/login' },
  { path: '/register' },
  { path: '/dashboard', signedIn: true },
  { path: '/wallet', signedIn: true },
  { path: '/billing', signedIn: true },
  { path: '/domain-search' },
  { path: '/certificate' },
  { path: '/create-app', signedIn: true },
]

/** The page as a visitor meets it: the app has taken it over, its data has arrived, the splash has left. */
async function settle(page: Page) {
  // A prerendered page starts the app on the first sign of use.
  await page.mouse.move(5, 5)
  await page.waitForFunction(() => window.__cypherHydrating === true, null, { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-splash-screen]')).toBeHidden({ timeout: 10_000 })
}

/** `id impact: target (summary)` for each failing node, readable in a test failure. */
const describe = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} ${violation.impact ?? ''}: ${node.target.join(' ')} (${node.failureSummary ?? ''})`,
    ),
  )

const serious = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')

for (const scanned of PAGES) {
  test(`axe-core finds no serious or critical violation on ${scanned.path}`, async ({ page }) => {
    test.slow()
    if (scanned.signedIn) await signInThroughForm(page, DEMO)
    await page.goto(scanned.path)
    await settle(page)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(describe(serious(violations))).toEqual([])
  })
}

async function createCertificate(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/client/auth/login/', { data: STAFF })
  const headers = { Authorization: `Bearer ${(await login.json()).access}` }
  const created = await request.post('/api/certificates/', {
    headers,
    data: {
      recipient_name: 'Rania Adel',
      recipient_email: 'rania.adel@example.com',
      course_name: 'Accessible Interfaces',
      completion_date: '2026-05-01',
      issue_date: '2026-05-02',
      certificate_type: 'completion',
    },
  })
  expect(created.status()).toBe(201)
  const { serial_number: serial } = (await created.json()) as { serial_number: string }
  return serial
}

test.describe('the three findings of issue 25', () => {
  test.slow()

  test('the selected extension chips on /domain-search have enough contrast', async ({ page }) => {
    await page.goto('/domain-search')
    await settle(page)
    const chips = page.getByRole('group', { name: 'Extensions' })
    await expect(chips.getByRole('checkbox', { checked: true }).first()).toBeAttached()
    const { violations } = await new AxeBuilder({ page })
      .include('[aria-labelledby="tld-label"]')
      .withRules(['color-contrast'])
      .analyze()
    expect(describe(violations)).toEqual([])
  })

  test("the certificate preview button's accessible name holds its visible text", async ({
    page,
    request,
  }) => {
    const serial = await createCertificate(request)
    await page.goto(`/certificate/${serial}`)
    await expect(page.getByText('Valid Certificate')).toBeVisible({ timeout: 30_000 })
    const preview = page.getByRole('button', { name: 'Open the certificate at full size' })
    await expect(preview).toBeVisible()
    const { violations } = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch', 'nested-interactive', 'button-name'])
      .analyze()
    expect(describe(violations)).toEqual([])
    // Still what it was for: a click opens the certificate at full size.
    await preview.click()
    await expect(page.getByRole('dialog', { name: `Certificate ${serial}` })).toBeVisible()
  })

  test('the floating contact buttons are inside a landmark', async ({ page }) => {
    await page.goto('/services')
    await settle(page)
    const { violations } = await new AxeBuilder({ page }).withRules(['region']).analyze()
    expect(describe(violations)).toEqual([])
    const contact = page.getByRole('complementary', { name: 'Contact us' })
    await expect(contact.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible()
    await expect(contact.getByRole('button', { name: 'Open the Cypher AI Assistant' })).toBeVisible()
  })
})
