import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { DEMO } from './fixtures'
import { basePort, dist, startApiServer } from './own-server'

/**
 * An update that happens while the app is closed (issue 27): the new version must not leave a
 * signed-in user with less to read offline. The "new version" is the build with every hashed file
 * renamed (as a release renames them) and every precache revision changed, served by the real server
 * on the same origin and database after the old one stops.
 */

const TEXT_FILE = /\.(js|mjs|css|html|json|webmanifest)$/

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** A copy of the build as the next release: new names for all hashed app code, new precache revisions. */
async function nextRelease(): Promise<string> {
  const target = await mkdtemp(path.join(os.tmpdir(), 'cypher-next-release-'))
  await cp(dist, target, { recursive: true })
  const assets = path.join(target, 'web', 'assets')
  const renamed = new Map<string, string>()
  for (const name of await readdir(assets)) {
    const match = /^(.+-[\w-]{8})\.(js|css)$/.exec(name)
    if (match) renamed.set(name, `${match[1]}n.${match[2]}`)
  }
  for (const [from, to] of renamed) await rename(path.join(assets, from), path.join(assets, to))
  const names = new RegExp(
    [...renamed.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|'),
    'g',
  )
  for (const file of await filesUnder(target)) {
    if (!TEXT_FILE.test(file) || file.includes(`${path.sep}server${path.sep}`)) continue
    const text = await readFile(file, 'utf8')
    let next = text.replace(names, (name) => renamed.get(name) ?? name)
    if (path.basename(file) === 'sw.js') next = next.replaceAll('"revision":"', '"revision":"n')
    if (next !== text) await writeFile(file, next)
  }
  return target
}

/** The persisted offline cache, as text. */
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

async function appCodeCount(page: Page): Promise<number> {
  return page.evaluate(async () =>
    (await caches.has('cypher-assets')) ? (await (await caches.open('cypher-assets')).keys()).length : 0,
  )
}

test('portal pages read offline right after an update that happened while the app was closed', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const release = await nextRelease()
  const port = basePort + 1
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cypher-e2e-update-'))
  let server = await startApiServer(port, { DATA_DIR: dataDir })
  const context = await browser.newContext({ baseURL: server.url })
  try {
    // Version 1: the user signs in and reads their pages; the worker keeps all of the app's code.
    let page = await context.newPage()
    await page.goto('/login')
    await page.mouse.move(5, 5)
    await expect(page.locator('form[data-awaiting-app]')).toHaveCount(0)
    await page.getByLabel('Email').fill(DEMO.email)
    await page.getByLabel(/^Password/).fill(DEMO.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    // A fresh server on a loaded machine: the first password check takes a while.
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 60_000 })
    await page.evaluate(() => navigator.serviceWorker.ready)
    const worker = await (await page.request.get('/sw.js')).text()
    const later = (worker.match(/"later":true/g)?.length ?? 0) - (worker.match(/"staff":true/g)?.length ?? 0)
    await expect.poll(() => appCodeCount(page), { timeout: 120_000 }).toBeGreaterThanOrEqual(later)

    await page.goto('/dashboard?tab=domains')
    const domainHref = await page.locator('a[href^="/domain/"]').first().getAttribute('href')
    await page.goto('/dashboard?tab=apps')
    const appHref = await page.locator('a[href^="/manage-msg/"]').first().getAttribute('href')
    expect(domainHref).toMatch(/^\/domain\/\d+$/)
    expect(appHref).toMatch(/^\/manage-msg\/\d+$/)
    const screens: [string, string][] = [
      ['/wallet', '"queryKey":["wallet"]'],
      [domainHref ?? '', '"queryKey":["domains","detail",'],
      ['/project/3', '"queryKey":["portal","project",3'],
      [appHref ?? '', '"queryKey":["portal","app",'],
      ['/billing', '"queryKey":["billing","orders",1]'],
    ]
    for (const [url, saved] of screens) {
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      await expect.poll(() => persistedCache(page)).toContain(saved)
    }
    // The app is closed; version 2 is released meanwhile.
    await page.close()
    await server.stop()
    server = await startApiServer(port, { DATA_DIR: dataDir, WEB_DIST: path.join(release, 'web') })

    // The next visit finds the update; the new version installs in the background and waits.
    page = await context.newPage()
    await page.goto('/')
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return registration?.waiting !== null && registration?.waiting !== undefined
          }),
        { timeout: 120_000 },
      )
      .toBe(true)
    // Closed again: the new version takes over at the next start, which happens offline.
    await page.close()
    await context.setOffline(true)
    page = await context.newPage()
    for (const [url] of screens) {
      await page.goto(url)
      await expect(page.getByTestId('offline-banner')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0)
      await expect(page.getByText(/needs an internet connection/)).toHaveCount(0)
      if (url === '/billing')
        await expect(page.getByTestId('billing-orders').or(page.getByText('No orders yet.'))).toBeVisible()
    }
    // It is the new version that answers.
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return registration?.active?.scriptURL ?? ''
    })
    expect(active).toContain('/sw.js')
    expect((await page.evaluate(() => document.documentElement.outerHTML)).includes('n.js')).toBe(true)
  } finally {
    await context.close()
    await server.stop()
    await rm(release, { recursive: true, force: true })
  }
})
