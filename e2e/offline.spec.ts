import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { messages } from '../src/contract/messages'
import { ROUTE_SCRIPTS_ELEMENT_ID } from '../src/contract/page-data'
import { DEMO, signInThroughForm } from './fixtures'

/** The second demo company (server/db/seed/accounts.ts). */
const SECOND_CLIENT = { ...DEMO, email: 'northwind@example.com', password: 'NorthwindPass!2026' }
const BANNER = /^Offline — showing data from /

/** The persisted offline cache (React Query in IndexedDB through idb-keyval), as text. */
function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve('')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve('')
          const read = db.transaction('keyval', 'readonly').objectStore('keyval').get('cypher-query-cache')
          read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : '')
          read.onerror = () => resolve('')
        }
      }),
  )
}

/** Waits until the service worker is installed and controls the page. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** The worker's manifest entries of the staff console's own code (stored for staff only). */
async function staffCode(page: Page): Promise<string[]> {
  const worker = await (await page.request.get('/sw.js')).text()
  return [...worker.matchAll(/\{[^{}]*"staff":true,"url":"([^"]+)"\}/g)].map((m) => `/${m[1]}`)
}

/** Waits until the service worker has stored all of the app's code for the signed-in user (staff: the console's too). */
async function appCodeKept(page: Page, { staff = false } = {}) {
  const worker = await (await page.request.get('/sw.js')).text()
  const staffEntries = (await staffCode(page)).length
  expect(staffEntries).toBeGreaterThan(0)
  const expected = (worker.match(/"later":true/g)?.length ?? 0) - (staff ? 0 : staffEntries)
  expect(expected).toBeGreaterThan(0)
  await expect
    .poll(async () => (await cachedUrls(page))['cypher-assets']?.length ?? 0, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(expected)
}

/** The URLs in the service worker's caches, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      result[name] = (await cache.keys()).map((r) => new URL(r.url).pathname)
    }
    return result
  })
}

async function openAtlasTicket(page: Page) {
  await page.goto('/dashboard?tab=projects')
  await page.getByRole('link', { name: 'View project Atlas Commerce Platform' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Atlas Commerce Platform' })).toBeVisible()
  await page.getByRole('tab', { name: 'Support Tickets' }).click()
  await page.getByRole('button', { name: /Checkout times out on carts with more than 50 items/ }).click()
  await expect(
    page.getByTestId('ticket-detail').getByRole('heading', { name: /Checkout times out/ }),
  ).toBeVisible()
  return page.url()
}

/** Writes a comment while offline and waits until the queued write is on disk. */
async function queueComment(page: Page, context: BrowserContext, text: string) {
  await context.setOffline(true)
  const detail = page.getByTestId('ticket-detail')
  await detail.getByLabel('Add a comment').fill(text)
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(detail.getByTestId('pending-comment')).toContainText(text)
  await expect.poll(() => persistedCache(page)).toContain(text)
}

test('a first visit to / installs only the shell; a signed-in user gets all app code', async ({
  page,
}, info) => {
  test.slow()
  await page.goto('/')
  // A prerendered page starts the app, and with it the worker's registration, on the visitor's first use.
  await page.mouse.move(100, 100)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(async () => Object.keys(await cachedUrls(page)).some((n) => n.includes('precache')))
    .toBe(true)
  const precached = Object.entries(await cachedUrls(page))
    .filter(([name]) => name.includes('precache'))
    .flatMap(([, urls]) => urls)
  expect(precached).toContain('/index.html')
  // No portal screen's code for a visitor.
  expect(precached.filter((url) => /\/assets\/(dashboard|project|settings|apps-tab)[.-]/.test(url))).toEqual(
    [],
  )

  // Bytes the first visit moved: the page's own requests, the worker script and the worker's precache.
  const pageBytes = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
      (sum, e) => sum + (e as PerformanceResourceTiming).transferSize,
      0,
    ),
  )
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'))
  const workerBytes = await worker.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
  )
  const scriptBytes = await page.evaluate(async () => {
    const response = await fetch('/sw.js', { cache: 'no-store', headers: { 'accept-encoding': 'br' } })
    return (await response.arrayBuffer()).byteLength
  })
  info.annotations.push({
    type: 'first visit to / (bytes)',
    description: `page ${pageBytes}, worker precache ${workerBytes}, sw.js ≤ ${scriptBytes}`,
  })

  await signInThroughForm(page)
  await appCodeKept(page)
  // A client's device holds none of the staff console's code.
  const kept = Object.values(await cachedUrls(page)).flat()
  const consoleCode = await staffCode(page)
  expect(consoleCode.some((url) => /\/assets\/tickets\.index-/.test(url))).toBe(true)
  expect(kept.filter((url) => consoleCode.includes(url))).toEqual([])
  const all = await page.evaluate(async () => {
    let bytes = 0
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request, { ignoreVary: true })
        if (response) bytes += (await response.arrayBuffer()).byteLength
      }
    }
    return bytes
  })
  info.annotations.push({
    type: 'cached app code for a signed-in user (bytes, uncompressed)',
    description: String(all),
  })
})

test('a staff member gets the console offline after one visit; the staff code leaves when a client signs in', async ({
  page,
  context,
}) => {
  test.slow()
  await signInThroughForm(page, { ...DEMO, email: 'staff@example.com', password: 'StaffPass!2026' })
  await controlled(page)
  await appCodeKept(page, { staff: true })
  const consoleCode = await staffCode(page)
  const kept = Object.values(await cachedUrls(page)).flat()
  expect(consoleCode.filter((url) => !kept.includes(url))).toEqual([])

  await context.setOffline(true)
  await page.goto('/staff/tickets')
  await expect(page.getByRole('heading', { name: messages.crashTitle })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Staff console areas' })).toBeVisible()
  await context.setOffline(false)

  // A staff member's header (greeting, console, billing, settings, Logout) fits from the lg breakpoint
  // up: Logout past the window's edge could not be pressed (issue 27's "Logout leaves the console shown"),
  // and it says "Logout" in words, not as an icon alone.
  // Offline too: the Offline badge hangs below the row instead of pushing Logout out.
  for (const offline of [false, true]) {
    await context.setOffline(offline)
    if (offline) await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()
    for (const width of [1200, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 })
      const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' })
      await expect(logout).toHaveText('Logout')
      const box = await logout.boundingBox()
      expect(box && box.x + box.width, `Logout at ${width} px, offline: ${offline}`).toBeLessThanOrEqual(
        width,
      )
    }
  }
  await context.setOffline(false)

  // Another user on this browser: a client's sign-in removes the console's code.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await signInThroughForm(page)
  await expect
    .poll(async () =>
      Object.values(await cachedUrls(page))
        .flat()
        .filter((url) => consoleCode.includes(url)),
    )
    .toEqual([])
})

test('a returning visitor gets the prerendered page; server paths are never the app', async ({ page }) => {
  await page.goto('/about')
  // A prerendered page starts the app, which registers the worker, on the first sign of use.
  await page.mouse.move(100, 100)
  await controlled(page)
  const response = await page.goto('/about')
  expect(response?.fromServiceWorker()).toBe(true)
  const html = (await response?.text()) ?? ''
  // The prerendered page and its head, not the bare shell.
  expect(html).toMatch(/<title>[^<]*About/i)
  expect(html).toContain('og:title')
  expect(html).toMatch(/<div id="root">\s*<[a-z]/)

  const robots = await page.goto('/robots.txt')
  expect(robots?.headers()['content-type']).toContain('text/plain')
  expect(await robots?.text()).toContain('Sitemap:')
  const sitemap = await page.goto('/sitemap.xml')
  expect(await sitemap?.text()).toContain('<urlset')

  // Offline, the shell answers and the page says it needs the network.
  await page.context().setOffline(true)
  await page.goto('/about')
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await expect(
    page.getByText(
      /screens you have opened while signed in \(.*domains, wallet, billing history and settings\) stay readable/,
    ),
  ).toBeVisible()
  await page.context().setOffline(false)
})

test('each visited portal route renders offline from the cache with the banner; others say they are offline', async ({
  page,
  context,
}, info) => {
  test.slow()
  await signInThroughForm(page)
  await controlled(page)
  await appCodeKept(page)
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()
  // Each visit lasts until its data is saved (the persister writes at most once a second; a page left
  // sooner keeps what was saved before).
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["portal","overview"]')
  await page.goto('/dashboard?tab=apps')
  await expect(page.getByText('Atlas Order Alerts').first()).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('Atlas Order Alerts')
  const ticketUrl = await openAtlasTicket(page)
  const projectUrl = ticketUrl.replace(/\?.*$/, '')
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["support","ticket",1]')
  await page.goto('/dashboard?tab=domains')
  await expect(page.getByText('demo-company.com', { exact: true })).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["domains","list"]')
  await page.goto('/wallet')
  await expect(page.getByRole('heading', { level: 1, name: 'Client Wallet' })).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["wallet"]')
  await page.goto('/billing')
  await expect(page.getByRole('heading', { level: 1, name: 'Billing history' })).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["billing","orders",1]')
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["accounts","me"]')
  await page.waitForLoadState('networkidle')
  const saved = await persistedCache(page)
  for (const key of ['["portal","apps"]', '["portal","project",3,"overview"]', '["support","ticket",1]'])
    expect(saved).toContain(`"queryKey":${key}`)

  await context.setOffline(true)
  const started = Date.now()
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()
  const coldRender = await page.evaluate(() => performance.now())
  info.annotations.push({
    type: 'offline cold render of /dashboard (ms)',
    description: `${Math.round(coldRender)} (wall ${Date.now() - started})`,
  })
  await expect(page.getByTestId('offline-banner')).toHaveText(BANNER)
  // The worker's offline copy lists the page's route scripts, and the entry asked for them at once
  // (src/sw/route-scripts.ts), as it does with the server's page online.
  const listed = await page.evaluate(
    (id) => JSON.parse(document.getElementById(id)?.textContent ?? '[]') as string[],
    ROUTE_SCRIPTS_ELEMENT_ID,
  )
  expect(listed.filter((src) => /^\/assets\/(dashboard|_portal)-[\w-]+\.js$/.test(src))).toHaveLength(2)
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  )
  expect(preloaded).toEqual(expect.arrayContaining(listed))

  // Each screen from the cache; writes other than comments are disabled, with the reason.
  for (const [url, shows, disabled] of [
    ['/dashboard?tab=apps', page.getByText('Atlas Order Alerts').first(), null],
    [projectUrl, page.getByRole('heading', { level: 1, name: 'Atlas Commerce Platform' }), null],
    [ticketUrl, page.getByTestId('ticket-detail').getByRole('heading', { name: /Checkout times out/ }), null],
    [
      '/dashboard?tab=domains',
      page.getByText('demo-company.com', { exact: true }),
      page.getByText('You are offline. Changes to domains are available again once you reconnect.'),
    ],
    [
      '/wallet',
      page.getByTestId('wallet-Available Balance'),
      page.locator('[title="Payments need a connection. Please go online to pay."]'),
    ],
    // The orders from the cache (the demo client has none unless other specs ordered before this one).
    ['/billing', page.getByTestId('billing-orders').or(page.getByText('No orders yet.')), null],
    [
      '/settings',
      page.getByRole('heading', { name: 'Account settings' }),
      page.getByText('You are offline. Changes can be made once you are back online.'),
    ],
  ] as const) {
    await page.goto(url)
    await expect(shows).toBeVisible()
    await expect(page.getByTestId('offline-banner')).toHaveText(BANNER)
    if (disabled) await expect(disabled.first()).toBeVisible()
  }

  // A project never opened: the offline panel, not a spinner.
  await page.goto('/project/999999')
  await expect(page.getByText(/has not been saved for offline reading yet/)).toBeVisible()
  // A marketing page: the offline notice.
  await page.goto('/blog')
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await context.setOffline(false)
})

test('a comment queued offline survives an app update and an expired session, and is sent after the same user signs in', async ({
  page,
  context,
}) => {
  test.slow()
  await signInThroughForm(page)
  await controlled(page)
  await appCodeKept(page)
  const ticketUrl = await openAtlasTicket(page)
  const text = `Queued before an update and an expired session (${Date.now()}).`
  await queueComment(page, context, text)

  // An update that changes the stored shapes: the old cache schema's queries go, the comment stays.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readwrite').objectStore('keyval')
          const read = store.get('cypher-query-cache')
          read.onsuccess = () => {
            const client = JSON.parse(read.result as string)
            client.buster = client.buster.replace(/^v\d+/, 'v0')
            store.put(JSON.stringify(client), 'cypher-query-cache').onsuccess = () => resolve()
          }
        }
        open.onerror = () => reject(open.error)
      }),
  )
  await page.reload()
  await expect.poll(() => persistedCache(page)).toMatch(/"buster":"v1:/)
  await expect.poll(() => persistedCache(page)).toContain(text)

  // Meanwhile the session ended on the server: the access token is stale and the refresh cookie gone.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired-token'))
  await context.clearCookies()
  await context.setOffline(false)
  await page.goto(ticketUrl)
  await expect(page).toHaveURL(/\/login/)
  await expect(
    page.getByText(/1 comment written offline is waiting\. Sign in again as demo@example\.com/),
  ).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain(text)
  // The session restored at start-up turned out to be over: nothing was announced as sent.
  await expect(page.getByText('1 comment written offline is being sent.')).toHaveCount(0)

  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('1 comment written offline is being sent.')).toBeVisible()
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto(ticketUrl)
  const detail = page.getByTestId('ticket-detail')
  await expect(detail.getByTestId('comment').filter({ hasText: text })).toHaveCount(1)
  await expect(detail.getByTestId('pending-comment')).toHaveCount(0)
})

test("switching users leaves no trace of the first user's data, with the real persister throttle", async ({
  page,
  context,
}) => {
  test.slow()
  await signInThroughForm(page)
  await page.goto('/dashboard?tab=projects')
  await expect(page.getByRole('link', { name: 'View project Atlas Commerce Platform' })).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('Atlas Commerce Platform')
  // Fresh data lands just before the logout, inside the throttle window.
  await page.reload()
  await expect(page.getByRole('link', { name: 'View project Atlas Commerce Platform' })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)

  await signInThroughForm(page, SECOND_CLIENT)
  await page.goto('/dashboard?tab=projects')
  await expect(page.getByRole('link', { name: 'View project Fleet Tracking Platform' })).toBeVisible()
  await expect.poll(() => persistedCache(page)).toContain('Fleet Tracking Platform')
  expect(await persistedCache(page)).not.toContain('Atlas Commerce Platform')

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('link', { name: 'View project Fleet Tracking Platform' })).toBeVisible()
  await expect(page.getByText('Atlas Commerce Platform')).toHaveCount(0)
  expect(await persistedCache(page)).not.toContain('Atlas Commerce Platform')
  await context.setOffline(false)
})

test("the manifest's shortcuts open the portal screens they name", async ({ page }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await (await page.request.get(href ?? '')).json()) as {
    shortcuts: Array<{ name: string; url: string }>
  }
  expect(manifest.shortcuts.map((s) => s.name)).toEqual([
    'Dashboard',
    'Projects and tickets',
    'Domains',
    'Wallet',
  ])
  await signInThroughForm(page)
  const shows: Record<string, RegExp> = {
    Dashboard: new RegExp(`Welcome back, ${DEMO.firstName}!`),
    'Projects and tickets': /^My Projects$/,
    Domains: /^My Domains$/,
    Wallet: /^Client Wallet$/,
  }
  for (const shortcut of manifest.shortcuts) {
    await page.goto(shortcut.url)
    await expect(page.getByRole('heading', { name: shows[shortcut.name] })).toBeVisible()
  }
})

test('the update prompt reloads into the new version, but never over unsaved input', async ({ page }) => {
  const dist = path.resolve(import.meta.dirname, '..', process.env.CYPHER_DIST ?? 'dist', 'web')
  const workerFile = path.join(dist, 'sw.js')
  const original = await readFile(workerFile, 'utf8')
  // The server prefers the precompressed copies: they step aside while the file changes.
  const compressed = await Promise.all(
    ['.br', '.gz'].map(async (ext) => [ext, await readFile(workerFile + ext).catch(() => null)] as const),
  )
  await page.goto('/contact')
  await controlled(page)
  try {
    // A new version of the worker appears on the server.
    for (const [ext, data] of compressed) if (data) await rm(workerFile + ext)
    await writeFile(workerFile, `${original}\n// next version ${Date.now()}\n`)
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update())
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version of the site is ready.' })
    await expect(prompt).toBeVisible({ timeout: 20_000 })

    await page.getByRole('textbox', { name: 'Message' }).fill('Half-written message')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await expect(page.getByText('You have unsaved input on this page.')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half-written message')

    await page.getByRole('textbox', { name: 'Message' }).fill('')
    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect(page.getByText('A new version of the site is ready.')).toHaveCount(0)
  } finally {
    await writeFile(workerFile, original)
    for (const [ext, data] of compressed) if (data) await writeFile(workerFile + ext, data)
  }
})
