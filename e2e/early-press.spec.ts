import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { DEMO, holdApp, watchProblems } from './fixtures'

// These pages must come from the server: once the service worker is in control it answers navigations
// with the plain app shell from its cache (rendered in the browser), which is not what is tested here.
test.use({ serviceWorkers: 'block' })

const dist = path.resolve(import.meta.dirname, '..', process.env.CYPHER_DIST ?? 'dist')
/** Every page that arrives with its content and the head script that remembers early presses: the
 * build's prerendered pages and those the server renders with their data (DATA_RENDERED_PATHS). */
const PAGES_WITH_CONTENT = [
  ...Object.keys(JSON.parse(readFileSync(path.join(dist, 'prerendered.json'), 'utf8')) as object),
  '/projects',
  '/blog',
]

/**
 * A control the head script marks when it is pressed before the app has started (server/lib/app-shell.ts),
 * and what the app must do with that press once it has: `covers` names every such button it stands for.
 */
interface EarlyControl {
  covers: RegExp
  path: string
  /** The button pressed (its accessible name). */
  press: string
  /** Its place among buttons of that name, when several share it. */
  nth?: number
  answered: (page: Page) => Promise<void>
}

/** Waits until the app has taken the page over: the early press is pressed again in that same task
 * (src/app/start.tsx). Generous, as evaluating the app takes many seconds on a loaded machine. */
const appStarted = (page: Page) =>
  page.waitForFunction(() => window.__cypherHydrating === true, null, { timeout: 60_000 })

const notice = (page: Page, title: string) =>
  expect(page.getByRole('status').filter({ hasText: title })).toBeVisible()

const CONTROLS: EarlyControl[] = [
  {
    covers: /^Open the Cypher AI Assistant$/,
    path: '/',
    press: 'Open the Cypher AI Assistant',
    answered: (page) => expect(page.getByRole('dialog', { name: /Cypher AI Assistant/ })).toBeVisible(),
  },
  {
    covers: /^Show or hide password$/,
    path: '/register',
    press: 'Show or hide password',
    nth: 1,
    answered: async (page) => {
      // The confirmation's toggle shows the confirmation, and only it.
      await expect(page.locator('input[autocomplete="new-password"]').nth(1)).toHaveAttribute('type', 'text')
      await expect(page.locator('input[autocomplete="new-password"]').first()).toHaveAttribute(
        'type',
        'password',
      )
    },
  },
  {
    covers: /^(Google|GitHub)$/,
    path: '/login',
    press: 'GitHub',
    answered: (page) => expect(page.getByText('Redirecting to GitHub...')).toBeVisible(),
  },
  {
    covers: /^Show the biography of /,
    path: '/about',
    press: 'Show the biography of Nadia Farouk',
    answered: (page) =>
      expect(page.getByRole('button', { name: 'Show the photo of Nadia Farouk' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
  },
  {
    covers: /^Request Quote$/,
    path: '/services/cloud',
    press: 'Request Quote',
    answered: (page) => notice(page, 'Quote request: '),
  },
  {
    covers: /^Request OTP Plan$/,
    path: '/services/sms-otp',
    press: 'Request OTP Plan',
    answered: (page) => notice(page, 'OTP plan request: '),
  },
  {
    covers: /^Request OTP Plan: /,
    path: '/services/whatsapp-otp',
    press: 'Request OTP Plan: Growth',
    answered: (page) => notice(page, 'OTP plan request: Growth'),
  },
  {
    covers: /^(All Projects|Mobile Apps|Web Platforms|Enterprise & AI)$/,
    path: '/projects',
    press: 'Mobile Apps',
    answered: async (page) => {
      await expect(page.getByRole('button', { name: 'Mobile Apps' })).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('button', { name: 'All Projects' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
    },
  },
  {
    covers: /^(All Posts|AI & Machine Learning|Cloud & DevOps|Cybersecurity|Software Development)$/,
    path: '/blog',
    press: 'Cybersecurity',
    answered: (page) =>
      expect(page.getByRole('button', { name: 'Cybersecurity', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
  },
  {
    covers: /^(Page \d+|Next)$/,
    path: '/projects',
    press: 'Next',
    answered: (page) =>
      expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
  },
  {
    covers: /^(Page \d+|Previous)$/,
    path: '/blog',
    press: 'Page 2',
    answered: (page) =>
      expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
  },
]

/**
 * The buttons of a page that the head script would mark: every enabled button but a popover's (the
 * browser answers those) and the submit button of a form awaiting the app, whose submission the head
 * script holds instead (early-input.spec.ts).
 */
async function earlyPressable(page: Page, pathname: string): Promise<string[]> {
  await page.goto(pathname)
  return page
    .locator('button:not([popovertarget]):not(:disabled)')
    .evaluateAll((buttons) =>
      buttons
        .filter(
          (button) =>
            !(
              button instanceof HTMLButtonElement &&
              button.type === 'submit' &&
              button.form?.hasAttribute('data-awaiting-app')
            ),
        )
        .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim()),
    )
}

test('every button a page with content holds before the app starts has a test of its early press below', async ({
  page,
}) => {
  test.setTimeout(180_000)
  // The HTML and its head script only: what the visitor can press before any script has arrived.
  await page.route('**/assets/*.js', (route) => route.abort())
  const untested: string[] = []
  for (const pathname of PAGES_WITH_CONTENT) {
    for (const name of await earlyPressable(page, pathname)) {
      if (!CONTROLS.some((control) => control.covers.test(name))) untested.push(`${pathname}: ${name}`)
    }
  }
  expect(untested).toEqual([])
})

for (const control of CONTROLS) {
  test(`'${control.press}' on ${control.path}, pressed before the app has started, is answered once it has`, async ({
    page,
  }) => {
    const problems = watchProblems(page)
    const release = await holdApp(page, control.path)
    await page.goto(control.path)
    const button = page.getByRole('button', { name: control.press, exact: true }).nth(control.nth ?? 0)
    // The first thing the visitor does: the press (its pointer's move asks for the app, held here).
    await button.click()
    await expect(button).toHaveAttribute('data-early-press', '')
    expect(await page.evaluate(() => window.__cypherHydrating)).toBeUndefined()
    release()
    await appStarted(page)
    await control.answered(page)
    await expect(page.locator('[data-early-press]')).toHaveCount(0)
    expect(problems).toEqual([])
  })
}

test('the password toggle pressed first, on a sign-in form a password manager filled, shows the password once the app starts', async ({
  page,
}) => {
  const problems = watchProblems(page)
  const release = await holdApp(page, '/login')
  await page.goto('/login')
  const email = page.locator('input[type="email"]')
  const password = page.locator('input[autocomplete="current-password"]')
  // Filled without a pointer or a key, as autofill does: nothing has started the app.
  await page.evaluate(
    ({ address, secret }) => {
      for (const [selector, value] of [
        ['input[type="email"]', address],
        ['input[autocomplete="current-password"]', secret],
      ] as const) {
        const field = document.querySelector<HTMLInputElement>(selector)
        if (!field) throw new Error(`${selector} is missing`)
        field.value = value
        field.dispatchEvent(new Event('input', { bubbles: true }))
        field.dispatchEvent(new Event('change', { bubbles: true }))
      }
    },
    { address: DEMO.email, secret: DEMO.password },
  )
  expect(await page.evaluate(() => window.__cypherHydrating)).toBeUndefined()
  const toggle = page.getByRole('button', { name: 'Show or hide password' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('data-early-press', '')
  await expect(password).toHaveAttribute('type', 'password')
  release()
  await appStarted(page)
  await expect(password).toHaveAttribute('type', 'text')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(toggle).not.toHaveAttribute('data-early-press')
  await expect(password).toHaveValue(DEMO.password)
  await expect(email).toHaveValue(DEMO.email)
  // Pressed again, now by the app alone: hidden again.
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'password')
  // React holds what was filled in: the button signs in with it.
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  expect(problems).toEqual([])
})

test('a newsletter subscription made before the app starts is held for it, and the address never goes into the URL', async ({
  page,
}) => {
  const problems = watchProblems(page)
  const addresses: string[] = []
  page.on('request', (request) => addresses.push(request.url()))
  const release = await holdApp(page, '/blog')
  await page.goto('/blog')
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }))
  const subscriber = `early.${Date.now()}@example.com`
  await page.getByRole('textbox', { name: 'Email address' }).fill(subscriber)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  expect(await page.evaluate(() => window.__cypherHydrating)).toBeUndefined()
  await expect(page.locator('html')).toHaveAttribute('data-submit-held', '')
  release()
  const subscribed = page.waitForRequest(
    (request) => request.url().includes('/api/public/newsletter/subscribe/') && request.method() === 'POST',
  )
  expect((await subscribed).postDataJSON()).toMatchObject({ email: subscriber })
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true)
  expect(page.url()).toMatch(/\/blog$/)
  expect(addresses.filter((address) => address.includes(encodeURIComponent(subscriber)))).toEqual([])
  expect(problems).toEqual([])
})
