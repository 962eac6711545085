import { expect, type Page } from '@playwright/test'

export const DEMO = {
  email: 'demo@example.com',
  password: 'DemoPass!2026',
  firstName: 'Dana',
  company: 'Demo Company',
}

/** The seed's second client company: tests that add records a client sees use it, so the demo client's figures stay as seeded. */
export const SECOND_CLIENT = {
  email: 'northwind@example.com',
  password: 'NorthwindPass!2026',
  firstName: 'Omar',
  company: 'Northwind Logistics',
}

/**
 * Opens a page whose form arrives prerendered (sign-in, registration) as a visitor does: the app
 * starts on the first sign of use (src/main.tsx), here the pointer moving, and this waits until React
 * has adopted the form.
 */
export async function openFormPage(page: Page, path: string) {
  await page.goto(path)
  await page.mouse.move(5, 5)
  await expect(page.locator('form[data-awaiting-app]')).toHaveCount(0)
}

/**
 * Holds back the app (React, the router, the page code) but not the tiny entry and what index.html
 * names with it, which run at once: the page is the visitor's, with the entry listening, until the
 * returned call.
 */
export async function holdApp(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text()
  const entry = new Set(
    [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  )
  expect(entry.size).toBeGreaterThan(0)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    if (!entry.has(new URL(route.request().url()).pathname)) await held
    await route.continue()
  })
  return release
}

/** Collects errors that mean the page was not adopted cleanly (hydration mismatches, CSP, crashes). */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|React error|Content Security Policy/i.test(message.text())) {
      problems.push(message.text())
    }
  })
  return problems
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, credentials = DEMO) {
  await openFormPage(page, '/login')
  await page.getByLabel('Email').fill(credentials.email)
  await page.getByLabel(/^Password/).fill(credentials.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
}

let counter = 0
export function uniqueEmail(prefix = 'e2e') {
  counter += 1
  return `${prefix}.${Date.now()}.${counter}@example.com`
}

/** Registers a new client through the form (so seeded figures stay as they are); ends on the dashboard. */
export async function registerClient(
  page: Page,
  { firstName, lastName = 'Tester', prefix = 'e2e', password = 'Client!Pass2026' }: RegisterOptions,
) {
  await openFormPage(page, '/register')
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill(lastName)
  await page.getByLabel('Email').fill(uniqueEmail(prefix))
  await page.getByLabel(/^Password/).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
}

interface RegisterOptions {
  firstName: string
  lastName?: string
  prefix?: string
  password?: string
}
