import { expect, type Page } from '@playwright/test'

export const DEMO = {
  email: 'demo@example.com',
  password: 'DemoPass!2026',
  firstName: 'Dana',
  company: 'Demo Company',
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, credentials = DEMO) {
  await page.goto('/login')
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
