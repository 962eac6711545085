import { expect, test } from '@playwright/test'
import { registerClient, uniqueEmail } from './fixtures'

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

test('the dashboard says an address is not verified, resends the link on request, and stops once it is verified', async ({
  page,
}) => {
  await registerClient(page, { firstName: 'Vera', prefix: 'unverified' })
  const banner = page.getByTestId('email-verification-banner')
  await expect(banner).toContainText('Your email address is not verified.')
  const email = /\S+@example\.com/.exec((await banner.textContent()) ?? '')?.[0] ?? ''
  expect(email).toMatch(/^unverified\./)

  await banner.getByRole('button', { name: 'Resend verification e-mail' }).click()
  await expect(banner.getByRole('status')).toHaveText(
    'We sent a new verification link to your email address.',
  )
  await expect(banner.getByRole('button', { name: 'Resend verification e-mail' })).toBeDisabled()

  // The resent mail's link verifies the address; the dashboard no longer shows the banner.
  const outbox = await page.context().newPage()
  await outbox.goto('/sandbox/outbox')
  const resent = outbox
    .locator('article', { hasText: email })
    .filter({ hasText: 'Confirm your Cypher email address' })
  const link = /\/verify-email\?token=[\w-]+/.exec(await resent.first().innerText())?.[0] ?? ''
  expect(link).not.toBe('')
  await outbox.goto(link)
  await expect(outbox.getByRole('heading', { name: 'Your email address is verified.' })).toBeVisible()
  await outbox.close()
  await page.reload()
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible()
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0)
})
