import { expect, test, type Locator } from '@playwright/test'
import { createDesktopSession } from '../electron/desktop-session'
import { memoryStore } from '../electron/secure-store'
import type { RefreshOutcome } from '../src/platform/platform'
import { installDesktopBridge } from './desktop-bridge'
import { DEMO, openFormPage } from './fixtures'
import { basePort, serveRenderer, startApiServer } from './own-server'

/**
 * The desktop app's session across origins: the renderer is served from a second origin (as the app
 * serves it from app://cypher) with the desktop Platform bound to a bridge that runs the real
 * main-process session code (electron/desktop-session.ts) here in Node, against the real server with a
 * 5-second access-token lifetime.
 */
const ACCESS_TTL_SECONDS = 5
let api: Awaited<ReturnType<typeof startApiServer>>
let renderer: Awaited<ReturnType<typeof serveRenderer>>

test.beforeAll(async () => {
  // A fresh server migrates and seeds its own database first.
  test.setTimeout(180_000)
  renderer = await serveRenderer(basePort + 3)
  api = await startApiServer(basePort + 2, {
    ACCESS_TOKEN_TTL: String(ACCESS_TTL_SECONDS),
    CORS_ORIGINS: renderer.origin,
  })
})

test.afterAll(async () => {
  await api?.stop()
  await renderer?.stop()
})

test('the desktop renderer refreshes through the main process and its logout reaches the server', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const store = memoryStore()
  const main = createDesktopSession({ apiUrl: api.url, store, fetch, userAgent: 'CypherDesktop/e2e (linux)' })
  const refreshes: RefreshOutcome[] = []
  const signOuts: boolean[] = []
  await page.exposeBinding('__desktopSignIn', (_source, path: unknown, body: unknown) =>
    main.signIn(path, body),
  )
  await page.exposeBinding('__desktopRefresh', async () => {
    const outcome = await main.refresh()
    refreshes.push(outcome)
    return outcome
  })
  await page.exposeBinding('__desktopSignOut', async () => {
    signOuts.push((await main.signOut()).reachedServer)
  })
  await page.addInitScript((apiBaseUrl) => {
    type Call = (...args: unknown[]) => Promise<never>
    const call =
      (name: string): Call =>
      (...args) => {
        const exposed = (window as unknown as Record<string, Call | undefined>)[name]
        if (!exposed) throw new Error(`${name} is not exposed`)
        return exposed(...args)
      }
    Object.assign(window, {
      cypherDesktop: {
        apiBaseUrl,
        signIn: call('__desktopSignIn'),
        refreshSession: call('__desktopRefresh'),
        signOut: call('__desktopSignOut'),
        openExternal: async () => {},
        notifyTicketReply: async () => {},
        onDeepLink: () => () => {},
      },
    })
  }, api.url)

  const apiAnswers: number[] = []
  page.on('response', (response) => {
    if (response.url().startsWith(`${api.url}/api/`) && response.request().method() !== 'OPTIONS') {
      apiAnswers.push(response.status())
    }
  })

  await openFormPage(page, `${renderer.origin}/login`)
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${renderer.origin}/dashboard`)
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()

  // The renderer holds an access token only; the refresh token stays with the "main process".
  const stored = await page.evaluate(() => ({ ...window.localStorage }))
  expect(JSON.stringify(stored)).not.toContain((await store.get()) ?? 'no-token')
  expect(await store.get()).toBeTruthy()

  // Let the access token run out, then use the app: the 401 leads to a refresh in the main process.
  const access = stored.accessToken ?? ''
  const exp = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()).exp as number
  await expect.poll(() => Date.now() / 1000 > exp + 1, { timeout: 15_000 }).toBe(true)
  await page.getByRole('link', { name: 'Account settings' }).first().click()
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Active sessions' })).toContainText(
    'Cypher desktop app on Linux',
  )
  expect(refreshes.length).toBeGreaterThan(0)
  expect(refreshes.every((outcome) => outcome.status === 'ok')).toBe(true)
  const refused = apiAnswers.indexOf(401)
  expect(refused).toBeGreaterThanOrEqual(0)
  expect(apiAnswers.slice(refused + 1)).toContain(200)

  // Logout from the header reaches the server: the session's refresh token is refused afterwards.
  const refreshToken = await store.get()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  expect(signOuts).toEqual([true])
  expect(await store.get()).toBeNull()
  const replay = await fetch(`${api.url}/api/auth/token/refresh/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh: refreshToken }),
  })
  expect(replay.status).toBe(401)
})

/** A 1×1 PNG: enough for the browser to decode it (naturalWidth 1), which an HTML page never is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const STAFF = { email: 'staff@example.com', password: 'StaffPass!2026' }

/** A staff call to the API with a fresh token each time (this server's tokens last 5 seconds). */
async function asStaff(path: string, init: { method: string; body: FormData | string }) {
  const login = await fetch(`${api.url}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  })
  const { access } = (await login.json()) as { access: string }
  const response = await fetch(`${api.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${access}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  })
  expect(response.ok, `${path} answered ${response.status}`).toBe(true)
  return response.json()
}

/** Where an image came from, once the browser has loaded (or given up on) it. */
async function loadedFrom(image: Locator) {
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
  return image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }))
}

test("the desktop renderer shows staff-uploaded images from the API's origin and offers Restart to update", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const bridge = await installDesktopBridge(page, api.url)

  // Staff upload a logo and give it to a published partner.
  const form = new FormData()
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'logo.png')
  const { url } = (await asStaff('/api/staff/content/images/', { method: 'POST', body: form })) as {
    url: string
  }
  expect(url).toMatch(/^\/api\/public\/media\//)
  const partners = (await (await fetch(`${api.url}/api/public/partners/`)).json()) as
    { id: number; name: string }[] | { results: { id: number; name: string }[] }
  const partner = (Array.isArray(partners) ? partners : partners.results)[0]
  if (!partner) throw new Error('the seed has no published partner')
  await asStaff(`/api/staff/content/partners/${partner.id}/`, {
    method: 'PATCH',
    body: JSON.stringify({ image: url }),
  })

  // The public page (the app's origin is not the API's): the logo comes from the API and decodes.
  await page.goto(`${renderer.origin}/partners`)
  await page.mouse.move(5, 5)
  const logo = await loadedFrom(page.getByRole('img', { name: `${partner.name} logo` }))
  expect(logo).toEqual({ src: `${api.url}${url}`, width: 1 })

  // The main process has downloaded an update: the window offers the restart, which asks for it.
  await bridge.announceUpdate('2.0.0')
  const restart = page.getByRole('button', { name: 'Restart to update' })
  await expect(restart).toBeVisible()
  expect(bridge.restarts).toEqual([])
  await restart.click()
  await expect.poll(() => bridge.restarts.length).toBe(1)

  // The console's own preview of the same logo, for a staff member signed in on the desktop.
  await openFormPage(page, `${renderer.origin}/login`)
  await page.getByLabel('Email').fill(STAFF.email)
  await page.getByLabel(/^Password/).fill(STAFF.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`^${renderer.origin}/(dashboard|staff)`))
  await page.goto(`${renderer.origin}/staff/content/partners/${partner.id}`)
  const preview = await loadedFrom(page.getByRole('img', { name: 'Logo preview' }))
  expect(preview).toEqual({ src: `${api.url}${url}`, width: 1 })
})
