import { expect, test } from '@playwright/test'
import { uniqueEmail } from './fixtures'

test('the link in the welcome e-mail verifies the address once, on a device that is not signed in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('verify')
  const registered = await request.post('/api/client/auth/register/', {
    data: {
      email,
      first_name: 'Salma',
      last_name: 'Fathy',
      password: 'Str0ng!Pass',
      confirm_password: 'Str0ng!Pass',
      accept_terms: true,
    },
  })
  expect(registered.status()).toBe(201)

  await page.goto('/sandbox/outbox')
  const message = page.locator('article', { hasText: email }).first()
  const link = /\/verify-email\?token=[\w-]+/.exec(await message.innerText())?.[0] ?? ''
  expect(link).not.toBe('')

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Your email address is verified.' })).toBeVisible()
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible()

  // Single use: the same link again, and a page without a token, say so.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'The email address was not verified' })).toBeVisible()
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible()
  await page.goto('/verify-email')
  await expect(page.getByRole('heading', { name: 'The email address was not verified' })).toBeVisible()
})
