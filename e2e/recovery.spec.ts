import { expect, test } from '@playwright/test'
import { openFormPage, uniqueEmail } from './fixtures'

test('a visitor recovers a password with the code from the sandbox outbox and signs in with the new one', async ({
  page,
  request,
}) => {
  // A long journey with three password hashes at the production cost: give it room on a busy machine.
  test.slow()
  const email = uniqueEmail('recover')
  const registered = await request.post('/api/client/auth/register/', {
    data: {
      email,
      first_name: 'Rana',
      last_name: 'Adel',
      password: 'Old!Passw0rd',
      confirm_password: 'Old!Passw0rd',
      accept_terms: true,
    },
  })
  expect(registered.status()).toBe(201)

  await openFormPage(page, '/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Please enter your email address.').first()).toBeVisible()
  await page.getByLabel(/^Email/).fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Send Reset Code' }).click()
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await expect(page).toHaveURL(/\/otp-verification$/)
  await expect(page.getByText('Demo Mode')).toBeVisible()
  await expect(page.getByText(/Code expires in [45]:\d\d/)).toBeVisible()
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await expect(page.getByText('❌ Please enter the complete 6-digit code.')).toBeVisible()

  const [outbox] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the sandbox outbox' }).click(),
  ])
  await expect(outbox).toHaveURL(/\/sandbox\/outbox$/)
  const message = outbox.locator('article', { hasText: email }).first()
  const code = /\b(\d{6})\b/.exec(await message.innerText())?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  await outbox.close()

  await page.getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(code)
  await page.getByRole('button', { name: 'Verify Code' }).click()

  await expect(page).toHaveURL(/\/reset-password$/)
  await page.getByLabel(/^New password/).fill('weakpass')
  await expect(page.getByText('One uppercase letter')).toBeVisible()
  await page.getByLabel(/^Confirm new password/).fill('weakpass')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Please choose a stronger password.').first()).toBeVisible()
  await page.getByLabel(/^New password/).fill('N3w!Passw0rd')
  await page.getByLabel(/^Confirm new password/).fill('N3w!Passw0rd')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password reset successfully! Redirecting to sign in...').first()).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill('Old!Passw0rd')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible()
  await page.getByLabel(/^Password/).fill('N3w!Passw0rd')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the code screen without a recovery in progress starts recovery over', async ({ page }) => {
  await page.goto('/otp-verification')
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.goto('/reset-password')
  await expect(page).toHaveURL(/\/forgot-password$/)
})
