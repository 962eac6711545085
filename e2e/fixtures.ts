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
 * Opens a page whose form arrives prerendered and inert (sign-in, registration) as a visitor does:
 * the app starts on the first sign of use (src/main.tsx), here the pointer moving, and the form comes
 * alive once React has adopted it.
 */
export async function openFormPage(page: Page, path: string) {
  await page.goto(path)
  await page.mouse.move(5, 5)
  await expect(page.locator('form[inert]')).toHaveCount(0)
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
