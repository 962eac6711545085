import { expect, test, type Page } from '@playwright/test'
import { holdApp, watchProblems } from './fixtures'

/** Holds the app's scripts back (the page shows only its prerendered HTML) until the returned call. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

// These pages must come from the server: once the service worker is in control it answers navigations
// with the plain app shell from its cache (rendered in the browser), which is not what is tested here.
test.use({ serviceWorkers: 'block' })

test('public pages arrive prerendered, hydrate without mismatches and navigate in the app', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|React error|Content Security Policy/i.test(message.text())) {
      problems.push(message.text())
    }
  })

  // The HTML itself carries the page: it paints before any script runs, and crawlers read it.
  const html = await (await page.request.get('/services/mobile-apps')).text()
  expect(html).toContain('Starting at $5,000')
  expect(html).toContain('<title>')
  // Other form pages are left to the renderer.
  expect(await (await page.request.get('/contact')).text()).toContain('<div id="root"></div>')

  // Each page names its own stylesheets in the head: it paints styled once, and the renderer adds none.
  const stylesheets = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')),
    )
  for (const path of [
    '/',
    '/services/mobile-apps',
    '/about',
    '/clients',
    '/privacy',
    '/login',
    '/register',
  ]) {
    const head = await (await page.request.get(path)).text()
    const named = [...head.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    expect(await stylesheets(), path).toEqual(named)
  }

  await page.goto('/')
  await page.waitForLoadState('networkidle')
  // The visitor's first move starts the app; once it has adopted the page, links navigate in the app.
  await page.mouse.move(10, 10)
  await page.waitForFunction(() => window.__cypherHydrating === true)
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }))
  await page.getByRole('link', { name: 'View Case Studies' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'Our Projects' })).toBeVisible()
  // A client-side navigation: still the same document.
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true)
  // The splash (shown once per session, 2 s) has left.
  await expect(page.locator('[data-splash-screen]')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('without its scripts the sign-in form takes text, and the browser never sends it', async ({ page }) => {
  // Not even the entry arrives: only the HTML and its head script.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/login')
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }))
  const form = page.getByRole('form', { name: 'Sign in' })
  // Sent by the browser it would go by POST: no field ever lands in the address.
  await expect(form).toHaveAttribute('method', 'post')
  await expect(form).toHaveAttribute('data-awaiting-app', '')
  const password = page.getByRole('textbox', { name: 'Password' })
  await page.getByRole('textbox', { name: 'Email' }).fill('early@example.com')
  await password.fill('Early!Secret2026')
  await password.press('Enter')
  // The head script held the submission for the app: same document, same address, text still there.
  expect(await page.evaluate(() => window.__cypherEarlySubmit?.textContent)).toBe('Sign In')
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true)
  expect(page.url()).toMatch(/\/login$/)
  await expect(password).toHaveValue('Early!Secret2026')
})

test('a press on the sign-in form and what is typed after it before the app starts are kept by React once it does', async ({
  page,
}) => {
  const problems = watchProblems(page)
  const release = await holdApp(page, '/login')
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Sign in' })
  const email = page.locator('input[type="email"]')
  const password = page.locator('input[type="password"]')
  await expect(form).toHaveAttribute('data-awaiting-app', '')
  // The press starts the app (held back here); the keys arrive before it has adopted the page.
  const box = await email.boundingBox()
  if (!box) throw new Error('the email field has no box')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.keyboard.type('demo@example.com')
  await page.keyboard.press('Tab')
  await page.keyboard.type('DemoPass!2026')
  // The fields show it at once, as on any page.
  await expect(email).toHaveValue('demo@example.com')
  await expect(password).toHaveValue('DemoPass!2026')
  release()
  await expect(form).not.toHaveAttribute('data-awaiting-app')
  await expect(email).toHaveValue('demo@example.com')
  await expect(password).toHaveValue('DemoPass!2026')
  await expect(password).toBeFocused()
  // React holds what was typed: Enter signs in with it.
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard/)
  expect(problems).toEqual([])
})

test('a button pressed before the scripts arrive still works once they do', async ({ page }) => {
  // The app's scripts wait until the visitor has pressed the assistant button on the painted page.
  const release = await holdScripts(page)
  await page.goto('/services/mobile-apps', { waitUntil: 'commit' })
  const open = page.getByRole('button', { name: 'Open the Cypher AI Assistant' })
  await open.click()
  expect(await page.evaluate(() => window.__cypherEarlyClick?.getAttribute('aria-label'))).toBe(
    'Open the Cypher AI Assistant',
  )
  // Until the app answers, the button shows it took the press.
  await expect(open).toHaveAttribute('data-early-press', '')
  release()
  await expect(page.getByRole('dialog', { name: /Cypher AI Assistant/ })).toBeVisible()
  await expect(open).not.toHaveAttribute('data-early-press')
})

test('a visitor who scrolls before the scripts arrive keeps the position and the opaque header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 500 })
  const release = await holdScripts(page)
  await page.goto('/register', { waitUntil: 'commit' })
  await page.locator('header').waitFor()
  await page.mouse.move(600, 300)
  await page.mouse.wheel(0, 400)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400)
  release()
  await expect(page.locator('header')).toHaveAttribute('data-opaque', 'true')
  await expect(page.getByRole('form', { name: 'Create account' })).not.toHaveAttribute('data-awaiting-app')
  expect(await page.evaluate(() => window.scrollY)).toBe(400)
})

test('a prerendered page starts the app only once the visitor uses it, and counts the visit once', async ({
  page,
}) => {
  const scripts: string[] = []
  const pageViews: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname)
    if (request.url().includes('/api/analytics/page-views/')) pageViews.push(request.postData() ?? '')
  })
  await page.goto('/services')
  await page.waitForLoadState('networkidle')
  // Only the entry and what it needs: no React, router or page code, and nothing adopted the page.
  expect(scripts.length).toBeLessThanOrEqual(2)
  expect(await page.evaluate(() => window.__cypherHydrating)).toBeUndefined()
  expect(pageViews).toHaveLength(1)
  expect(JSON.parse(pageViews[0] ?? '{}')).toMatchObject({ path: '/services' })

  const preloads = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    )
  const listed = JSON.parse(
    (await page.locator('#cypher-route-scripts').textContent({ timeout: 1000 })) ?? '[]',
  ) as string[]
  expect(listed.length).toBeGreaterThan(0)
  expect(await preloads()).toEqual(expect.not.arrayContaining(listed))

  await page.mouse.move(200, 200)
  // The page's route scripts are asked for with the app, not after it has evaluated.
  expect(await preloads()).toEqual(expect.arrayContaining(listed))
  await expect.poll(() => page.evaluate(() => window.__cypherHydrating)).toBe(true)
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(2)
  for (const src of listed) expect(scripts).toContain(src)
  expect(pageViews).toHaveLength(1)
})

test('a visitor who opens a portal address is sent to sign in without downloading the portal screens', async ({
  page,
}) => {
  const html = await (await page.request.get('/dashboard')).text()
  const listed = JSON.parse(/id="cypher-route-scripts">([^<]*)</.exec(html)?.[1] ?? '[]') as string[]
  const loginHtml = await (await page.request.get('/login')).text()
  const loginScripts = JSON.parse(
    /id="cypher-route-scripts">([^<]*)</.exec(loginHtml)?.[1] ?? '[]',
  ) as string[]
  // The scripts only the portal's screens need: what /dashboard lists beyond the sign-in page's own.
  const portalOnly = listed.filter((src) => !loginScripts.includes(src))
  expect(portalOnly.length).toBeGreaterThan(0)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((src) => portalOnly.includes(src))).toEqual([])
})

test('a link clicked while the app is on its way opens the prerendered page at once, without waiting for it', async ({
  page,
}) => {
  // The entry runs and starts the app on the visitor's first move; the app's scripts stay held.
  const release = await holdApp(page, '/')
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.getByRole('link', { name: 'View Case Studies' }).click()
  // The press asked for the app…
  await expect.poll(() => scripts.some((src) => src.includes('/assets/start-'))).toBe(true)
  // …but the browser opened the prerendered page meanwhile, with the app's scripts still held.
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'Our Projects' })).toBeVisible()
  release()
})

test('on a phone, a tap on a link opens the next page without starting the app on the way; a tap on a button starts it once the browser has answered', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    const problems = watchProblems(page)
    const app: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/start-[^/]*\.js$/.test(request.url())) app.push(page.url())
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    // Started at the touch, the app's evaluation (a long task) would hold back the navigation.
    await page.locator('main a[href="/projects"]').first().tap()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('heading', { name: 'Our Projects' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(app).toEqual([])

    // The menu button: the browser opens the menu, then the app starts and adopts the page.
    await page.getByRole('button', { name: 'Toggle navigation' }).tap()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.__cypherHydrating)).toBe(true)
    expect(app).toHaveLength(1)
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
    expect(problems).toEqual([])
  } finally {
    await context.close()
  }
})

test('on a page the app renders itself, a pressed button is left to the app: the head script no longer marks it', async ({
  page,
}) => {
  await page.goto('/contact')
  await expect.poll(() => page.evaluate(() => window.__cypherHydrating)).toBe(true)
  const open = page.getByRole('button', { name: 'Open the Cypher AI Assistant' })
  await open.click()
  await expect(page.getByRole('dialog', { name: /Cypher AI Assistant/ })).toBeVisible()
  await expect(open).not.toHaveAttribute('data-early-press')
  expect(await page.evaluate(() => window.__cypherEarlyClick)).toBeUndefined()
})

test('when the app cannot arrive, a pressed button and a held sign-in stop showing that they wait for it', async ({
  page,
}) => {
  // The entry runs; the app's own scripts fail (offline, a deployment that removed them).
  const html = await (await page.request.get('/login')).text()
  const entry = new Set(
    [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  )
  await page.route('**/assets/*.js', (route) =>
    entry.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
  )
  await page.goto('/login')
  await page.locator('input[type="email"]').fill('demo@example.com')
  await page.locator('input[type="password"]').fill('DemoPass!2026')
  await page.locator('input[type="password"]').press('Enter')
  await expect(page.locator('html')).not.toHaveAttribute('data-submit-held')
  const open = page.getByRole('button', { name: 'Open the Cypher AI Assistant' })
  await open.click()
  await page.mouse.move(5, 5)
  await expect(open).not.toHaveAttribute('data-early-press')
})

test('a link followed while the splash plays opens the next page without it: it plays once per session', async ({
  page,
}) => {
  const release = await holdApp(page, '/')
  await page.goto('/')
  await expect(page.getByTestId('splash')).toBeVisible()
  await page.getByRole('link', { name: 'View Case Studies' }).dispatchEvent('click', { button: 0 })
  await expect(page.getByRole('heading', { name: 'Our Projects' })).toBeVisible()
  await expect(page.getByTestId('splash')).toBeHidden()
  release()
})

test('every prerendered page waits for the visitor; a page that arrives empty starts at once', async ({
  page,
}) => {
  for (const path of ['/', '/services', '/about', '/projects', '/blog', '/login', '/register']) {
    const scripts: string[] = []
    const count = (request: { url: () => string }) => {
      if (request.url().endsWith('.js')) scripts.push(request.url())
    }
    page.on('request', count)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    page.off('request', count)
    expect(scripts.length, path).toBeLessThanOrEqual(2)
    expect(await page.evaluate(() => window.__cypherHydrating), path).toBeUndefined()
  }
  // The contact form is rendered in the browser: nothing to wait with.
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(request.url())
  })
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(2)
})

test('/projects and /blog arrive rendered with their data and are adopted without mismatches', async ({
  page,
}) => {
  const problems = watchProblems(page)
  for (const [path, heading] of [
    ['/projects', 'Our Projects'],
    ['/blog', 'Insights from Our Team'],
  ] as const) {
    const html = await (await page.request.get(path)).text()
    expect(html, path).toContain('id="cypher-page-data"')
    const api = path === '/projects' ? '/api/public/projects/?page=1' : '/api/public/blog/posts/?page=1'
    const first = (
      (await (await page.request.get(api)).json()) as {
        results: { project?: { name: string }; title?: string }[]
      }
    ).results[0]
    const name = first?.project?.name ?? first?.title ?? ''
    expect(name, path).not.toBe('')
    expect(html, path).toContain(name.replace(/&/g, '&amp;'))

    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.mouse.move(300, 300)
    await expect.poll(() => page.evaluate(() => window.__cypherHydrating)).toBe(true)
    await page.waitForLoadState('networkidle')
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible()
    page.removeAllListeners('request')
  }
  expect(problems).toEqual([])
})

test('a /projects filter pressed before the scripts arrive is applied once they do', async ({ page }) => {
  const problems = watchProblems(page)
  const release = await holdApp(page, '/projects')
  await page.goto('/projects')
  const filters = page.getByRole('group', { name: 'Filter by profile' })
  const choice = filters.getByRole('button').nth(1)
  const label = (await choice.textContent()) ?? ''
  await choice.click()
  release()
  await expect(page).toHaveURL(/[?&]profile=\d+/)
  await expect(filters.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true')
  await expect(filters.getByRole('button', { name: 'All Projects' })).toHaveAttribute('aria-pressed', 'false')
  expect(problems).toEqual([])
})

test('a press on the /projects search box and the text typed before the scripts arrive are searched for', async ({
  page,
}) => {
  const problems = watchProblems(page)
  const release = await holdApp(page, '/projects')
  await page.goto('/projects')
  const search = page.getByRole('textbox', { name: 'Search projects' })
  await expect(page.getByRole('search', { name: 'Search projects' })).toHaveAttribute('data-awaiting-app', '')
  const box = await search.boundingBox()
  if (!box) throw new Error('the search box has no box')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.keyboard.type('wasla')
  release()
  await expect(search).toHaveValue('wasla')
  await expect(page).toHaveURL(/[?&]search=wasla/)
  await expect(page.getByTestId('project-card')).toHaveCount(1)
  expect(problems).toEqual([])
})

test('on a phone the menu opens before the scripts arrive, and the app adopts it open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  const problems = watchProblems(page)
  const release = await holdScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  const button = page.getByRole('button', { name: 'Toggle navigation' })
  // Only the HTML and its head script: the browser opens the menu itself.
  await button.click()
  const nav = page.getByRole('navigation', { name: 'Mobile' })
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about')
  expect(await page.evaluate(() => window.__cypherHydrating)).toBeUndefined()
  release()
  // React reads the open menu when it adopts the page: the button shows its close state and the
  // header turns opaque (the page has not scrolled), with the menu still open.
  await expect(page.locator('header')).toHaveAttribute('data-opaque', 'true')
  await expect(button.locator('[data-opened]')).toHaveCount(1)
  await expect(nav).toBeVisible()
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }))
  await nav.getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(nav).toBeHidden()
  await expect(page.locator('header')).not.toHaveAttribute('data-opaque')
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true)
  expect(problems).toEqual([])
})
