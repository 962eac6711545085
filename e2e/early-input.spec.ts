import { expect, test, type Page } from '@playwright/test'
import { DEMO, holdApp, watchProblems } from './fixtures'

// These pages must come from the server: once the service worker is in control it answers navigations
// with the plain app shell from its cache (rendered in the browser), which is not what is tested here.
test.use({ serviceWorkers: 'block' })

/** React has not taken the page over: the app's start (src/app/start.tsx) has not run. */
const appNotStarted = async (page: Page) =>
  expect(await page.evaluate(() => window.__cypherHydrating)).toBeUndefined()

/**
 * The accessible roles and names Chromium itself exposes to assistive technology, as "role name"
 * (its accessibility tree through CDP). Playwright's own role queries and aria snapshots do not leave
 * out what `inert` hides, so they could not tell a hidden form from an exposed one.
 */
async function exposed(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  const { nodes } = await cdp.send('Accessibility.getFullAXTree')
  await cdp.detach()
  return nodes
    .filter((node) => !node.ignored && node.role?.value && node.name?.value)
    .map((node) => `${String(node.role?.value)} ${String(node.name?.value)}`)
}

/** Presses Tab from where the focus is until `target` has it (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
}

test('before the app starts, the sign-in form is in the accessibility tree, reached by Tab and keeps what is typed; the visitor then signs in', async ({
  page,
}) => {
  const problems = watchProblems(page)
  const release = await holdApp(page, '/login')
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Sign in' })
  // What a screen reader in browse mode finds before any event has reached the page.
  expect(await exposed(page)).toEqual(
    expect.arrayContaining([
      'form Sign in',
      'textbox Email',
      'textbox Password',
      'checkbox Remember me',
      'link Forgot password?',
      'button Sign In',
    ]),
  )
  await expect(form).toMatchAriaSnapshot(`
    - form "Sign in":
      - textbox "Email"
      - textbox "Password"
  `)
  await appNotStarted(page)

  // A keyboard visitor tabs from the top of the page into the form (the first key starts the app,
  // held back here) and types.
  const email = page.getByRole('textbox', { name: 'Email' })
  const password = page.getByRole('textbox', { name: 'Password' })
  await tabTo(page, email)
  await expect(email).toBeFocused()
  await page.keyboard.type(DEMO.email)
  await page.keyboard.press('Tab')
  await expect(password).toBeFocused()
  await page.keyboard.type(DEMO.password)
  await expect(email).toHaveValue(DEMO.email)
  await expect(form).toHaveAttribute('data-awaiting-app', '')
  await appNotStarted(page)

  release()
  await expect(form).not.toHaveAttribute('data-awaiting-app')
  await expect(email).toHaveValue(DEMO.email)
  await expect(password).toHaveValue(DEMO.password)
  await expect(password).toBeFocused()
  // React holds what was typed: the button signs in with it.
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  expect(problems).toEqual([])
})

test('a sign-in submitted before the app starts is held, never sent by the browser, and made once the app has the form', async ({
  page,
}) => {
  const problems = watchProblems(page)
  const addresses: string[] = []
  page.on('request', (request) => addresses.push(request.url()))
  const release = await holdApp(page, '/login')
  await page.goto('/login')
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }))
  const form = page.getByRole('form', { name: 'Sign in' })
  await expect(form).toHaveAttribute('method', 'post')
  await page.getByRole('textbox', { name: 'Email' }).click()
  await page.keyboard.type(DEMO.email)
  await page.getByRole('textbox', { name: 'Password' }).click()
  await page.keyboard.type(DEMO.password)
  await page.keyboard.press('Enter')
  await expect(form).toHaveAttribute('data-awaiting-app', '')
  await appNotStarted(page)
  // The press is answered at once: the button shows the sign-in is on its way (its spinner).
  await expect(page.locator('html')).toHaveAttribute('data-submit-held', '')
  const spinner = await form
    .getByRole('button', { name: 'Sign In' })
    .evaluate((button) => getComputedStyle(button, '::after').animationName)
  expect(spinner).toBe('submit-held')

  release()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.locator('html')).not.toHaveAttribute('data-submit-held')
  // Signed in by the app in the same document; the password never went into an address.
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true)
  expect(addresses.filter((address) => address.includes(encodeURIComponent(DEMO.password)))).toEqual([])
  expect(addresses.filter((address) => address.includes(DEMO.password))).toEqual([])
  expect(problems).toEqual([])
})

test('before the app starts, the registration form is in the accessibility tree and its first field is reached by Tab', async ({
  page,
}) => {
  const release = await holdApp(page, '/register')
  await page.goto('/register')
  expect(await exposed(page)).toEqual(
    expect.arrayContaining([
      'form Create account',
      'textbox First name',
      'textbox Last name',
      'textbox Email',
      'textbox Password',
      'textbox Confirm password',
      'textbox Company name',
    ]),
  )
  const firstName = page.getByRole('textbox', { name: 'First name' })
  await tabTo(page, firstName)
  await expect(firstName).toBeFocused()
  await page.keyboard.type(DEMO.firstName)
  await appNotStarted(page)
  release()
  await expect(page.getByRole('form', { name: 'Create account' })).not.toHaveAttribute('data-awaiting-app')
  await expect(firstName).toHaveValue(DEMO.firstName)
})
