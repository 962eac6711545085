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
