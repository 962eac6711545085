import { expect, test, type Browser, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { DEMO, openFormPage, uniqueEmail } from './fixtures'
import { basePort, startApiServer } from './own-server'

/** What an authenticator app shows for the secret (stepOffset 1: the next 30-second code). */
function codeFor(secret: string, stepOffset = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

async function signIn(page: Page, base: string, email: string, password: string) {
  await openFormPage(page, `${base}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test.describe('two-factor sign-in', () => {
  // Its own server: turning two-factor on for the demo client must not reach the other specs.
  let api: Awaited<ReturnType<typeof startApiServer>>
  test.beforeAll(async () => {
    // A fresh server migrates and seeds its own database first.
    test.setTimeout(180_000)
    api = await startApiServer(basePort + 4)
  })
  test.afterAll(async () => {
    await api?.stop()
  })

  test('the demo client turns it on, then signs in with a code and with a recovery code', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await signIn(page, api.url, DEMO.email, DEMO.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.getByRole('link', { name: 'Account settings' }).first().click()
    await expect(page).toHaveURL(/\/settings$/)

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    const prompt = page.getByRole('dialog', { name: 'Set up two-factor sign-in' })
    await prompt.getByLabel('Current password').fill('not my password')
    await prompt.getByRole('button', { name: 'Continue' }).click()
    await expect(prompt.getByText('Your current password is not correct.')).toBeVisible()
    await prompt.getByLabel('Current password').fill(DEMO.password)
    await prompt.getByRole('button', { name: 'Continue' }).click()

    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? ''
    await page.getByLabel(/Enter the 6-digit code/).fill('000000')
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await expect(page.getByText(/That code is not valid/).first()).toBeVisible()
    await page.getByLabel(/Enter the 6-digit code/).fill(codeFor(secret))
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await expect(codes).toHaveCount(10)
    const recoveryCode = (await codes.first().textContent()) ?? ''
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible()

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()

    // Sign in with the password, then a code from the app (the next step's: this one was used to turn it on).
    await signIn(page, api.url, DEMO.email, DEMO.password)
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()

    // And with a recovery code, once.
    await signIn(page, api.url, DEMO.email, DEMO.password)
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCode)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto(`${api.url}/settings`)
    await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible()
  })
})

async function newSignedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, '', email, password)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

test('changing the password signs the other session out at once', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('pw')
  await openFormPage(page, '/register')
  await page.getByLabel('First name').fill('Hana')
  await page.getByLabel('Last name').fill('Fouad')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill('First!Pass9')
  await page.getByLabel('Confirm password').fill('First!Pass9')
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  const other = await newSignedInPage(browser, email, 'First!Pass9')

  await page.goto('/settings')
  const form = page.getByRole('form', { name: 'Change password' })
  await form.getByLabel('Current password').fill('First!Pass9')
  await form.getByLabel('New password', { exact: true }).fill('Ab1!')
  await form.getByLabel('Confirm new password').fill('Ab1!')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Please choose a stronger password.').first()).toBeVisible()
  await expect(form.getByLabel('Current password')).toHaveValue('First!Pass9')

  await form.getByLabel('New password', { exact: true }).fill('Second!Pass9')
  await form.getByLabel('Confirm new password').fill('Second!Pass9')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password was changed. Every other session was signed out.')).toBeVisible()

  // The other browser's next request is refused and its session is over.
  await other.getByRole('link', { name: 'Account settings' }).first().click()
  await expect(other).toHaveURL(/\/login/)

  // This one keeps working.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible()
  await other.context().close()
})

test('the profile is saved and the header greets the new name', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('profile')
  await openFormPage(page, '/register')
  await page.getByLabel('First name').fill('Omar')
  await page.getByLabel('Last name').fill('Nabil')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill('First!Pass9')
  await page.getByLabel('Confirm password').fill('First!Pass9')
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.getByRole('link', { name: 'Account settings' }).first().click()
  const profile = page.getByRole('form', { name: 'Profile' })
  await profile.getByLabel('First name').fill('Omari')
  await profile.getByLabel('Company name').fill('Nabil & Co')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile was saved.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Hi, Omari' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Company name')).toHaveValue(
    'Nabil & Co',
  )
})
