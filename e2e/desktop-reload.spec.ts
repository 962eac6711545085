import { spawnSync } from 'node:child_process'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { appProtocolHandler } from '../electron/app-protocol'

/**
 * The desktop build served through the app's own app:// protocol handler (electron/app-protocol.ts),
 * here behind a stand-in origin Chromium can open: a window opened (or reloaded) at a nested route such
 * as app://cypher/project/3 must find its scripts, which it asks for by absolute path (/assets/…).
 */
const root = path.join(import.meta.dirname, '..')
const renderer = path.join(root, 'dist/desktop/renderer')
const ORIGIN = 'http://cypher.desktop'

const modified = async (file: string) => (await stat(file).catch(() => null))?.mtimeMs ?? 0

test.beforeAll(async () => {
  // The desktop build is made here when it is missing or older than its config or the web build.
  test.setTimeout(600_000)
  const built = await modified(path.join(renderer, 'index.html'))
  const sources = Math.max(
    await modified(path.join(root, 'electron.vite.config.ts')),
    await modified(path.join(root, 'dist/web/index.html')),
  )
  if (built > sources) return
  const result = spawnSync('npm', ['run', 'build:desktop', '--silent'], { cwd: root, stdio: 'inherit' })
  expect(result.status).toBe(0)
})

test('a reload at a nested route of the desktop app loads its code from absolute paths', async ({ page }) => {
  const handler = appProtocolHandler(renderer, 'http://127.0.0.1:9')
  const answers: { path: string; status: number }[] = []
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url())
    const response = await handler(new Request(`app://cypher${url.pathname}${url.search}`))
    answers.push({ path: url.pathname, status: response.status })
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    })
  })
  // The preload's bridge, signed out: the portal route sends the visitor to the sign-in form.
  await page.addInitScript(() => {
    Object.assign(window, {
      cypherDesktop: {
        apiBaseUrl: 'http://127.0.0.1:9',
        signIn: async () => ({ status: 401, body: null }),
        refreshSession: async () => ({ status: 'expired' }),
        signOut: async () => {},
        openExternal: async () => {},
        notifyTicketReply: async () => {},
        onDeepLink: () => () => {},
      },
    })
  })

  for (const nested of ['/project/3', '/payment/success/7']) {
    answers.length = 0
    await page.goto(`${ORIGIN}${nested}`)
    await page.reload()
    const scripts = answers.filter((answer) => answer.path.endsWith('.js'))
    expect(scripts.length, nested).toBeGreaterThan(0)
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    expect(
      scripts.every((answer) => answer.path.startsWith('/assets/')),
      nested,
    ).toBe(true)
  }
  await page.goto(`${ORIGIN}/project/3`)
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
})
