import { expect, test } from '@playwright/test'
import { createDesktopSession } from '../electron/desktop-session'
import { memoryStore } from '../electron/secure-store'
import type { TicketReplyNotice } from '../src/platform/platform'
import { DEMO, openFormPage } from './fixtures'
import { basePort, serveRenderer, startApiServer } from './own-server'

/**
 * Staff replies reach the desktop app: the renderer runs from another origin with the desktop Platform
 * bound to a fake bridge (the main-process session code runs here in Node), against the real server.
 * The renderer's watch is timer-driven: the page clock moves it on instead of waiting a minute.
 */
let api: Awaited<ReturnType<typeof startApiServer>>
let renderer: Awaited<ReturnType<typeof serveRenderer>>

test.beforeAll(async () => {
  test.setTimeout(180_000)
  renderer = await serveRenderer(basePort + 5)
  api = await startApiServer(basePort + 4, { CORS_ORIGINS: renderer.origin })
})

test.afterAll(async () => {
  await api?.stop()
  await renderer?.stop()
})

async function apiCall(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${api.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  })
  expect(response.ok, `${path} answered ${response.status}`).toBe(true)
  return response.json()
}

test('a staff reply becomes one desktop notice, an internal note none, and the notice opens the ticket', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const main = createDesktopSession({ apiUrl: api.url, store: memoryStore(), fetch, userAgent: 'e2e' })
  const notices: TicketReplyNotice[] = []
  await page.exposeBinding('__desktopSignIn', (_source, path: unknown, body: unknown) =>
    main.signIn(path, body),
  )
  await page.exposeBinding('__desktopRefresh', () => main.refresh())
  await page.exposeBinding('__desktopSignOut', async () => void (await main.signOut()))
  await page.exposeBinding(
    '__desktopNotify',
    (_source, notice: TicketReplyNotice) => void notices.push(notice),
  )
  await page.addInitScript((apiBaseUrl) => {
    type Call = (...args: unknown[]) => Promise<never>
    const w = window as unknown as Record<string, unknown>
    const call =
      (name: string): Call =>
      (...args) =>
        (w[name] as Call)(...args)
    w.cypherDesktop = {
      apiBaseUrl,
      signIn: call('__desktopSignIn'),
      refreshSession: call('__desktopRefresh'),
      signOut: call('__desktopSignOut'),
      notifyTicketReply: call('__desktopNotify'),
      openExternal: async () => {},
      // The main process delivers a clicked notice's ticket as an in-app path, like a deep link.
      onDeepLink: (listener: (path: string) => void) => {
        w.__deliverPath = listener
        return () => {}
      },
    }
  }, api.url)
  await page.clock.install()

  const looks: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/support/tickets/?sort=updated')) looks.push(response.url())
  })
  await openFormPage(page, `${renderer.origin}/login`)
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${renderer.origin}/dashboard`)
  // The first look notes where things stand and announces nothing.
  await expect.poll(() => looks.length).toBeGreaterThan(0)

  const staff = await apiCall('/api/client/auth/login/', {
    method: 'POST',
    body: { email: 'staff@example.com', password: 'StaffPass!2026' },
  })
  const list = await apiCall('/api/support/tickets/?search=Apple%20Pay', { token: staff.access })
  const ticket = list.results[0] as { id: number; project: number; title: string }
  const reply = `A fix for Apple Pay is live, please try again (${Date.now()}).`
  for (const [content, internal] of [
    [reply, false],
    ['Internal: the webhook retried twice.', true],
  ] as const) {
    await apiCall('/api/support/comments/', {
      method: 'POST',
      token: staff.access,
      body: { ticket: ticket.id, content, is_internal: internal },
    })
  }

  const seen = looks.length
  await page.clock.fastForward('01:01')
  await expect.poll(() => looks.length).toBeGreaterThan(seen)
  await expect.poll(() => notices.length).toBe(1)
  expect(notices[0]).toEqual({
    ticket: ticket.id,
    project: ticket.project,
    title: ticket.title,
    author: expect.stringMatching(/\S/),
    excerpt: reply,
  })

  // Nothing new: the next look announces nothing again.
  const again = looks.length
  await page.clock.fastForward('01:01')
  await expect.poll(() => looks.length).toBeGreaterThan(again)
  expect(notices).toHaveLength(1)

  // A click on the notice: the main process hands its path to the window, which opens the ticket.
  await page.evaluate(
    (path) => (window as unknown as { __deliverPath: (path: string) => void }).__deliverPath(path),
    `/project/${ticket.project}?tab=tickets&ticket=${ticket.id}`,
  )
  await expect(page).toHaveURL(new RegExp(`/project/${ticket.project}\\?tab=tickets&ticket=${ticket.id}$`))
  await expect(page.getByText(reply)).toBeVisible()
})
