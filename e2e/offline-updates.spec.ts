import { expect, test, type Page } from '@playwright/test'
import { messages } from '../src/contract/messages'
import { openFormPage, signInThroughForm } from './fixtures'

/**
 * Updates and storage in the real browser: a page's code that a new version removed, and a device that
 * refuses to store more. The service worker is kept out, so the page fetches its code itself.
 */
test.use({ serviceWorkers: 'block' })

/** Counts full page loads (a reload included), as their document requests start. */
function countLoads(page: Page) {
  const loads = { count: 0 }
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1
  })
  return loads
}

/** Opens the sign-in page as a visitor does (the first sign of use starts the app) and waits until the app runs it. */
async function appRunning(page: Page) {
  await openFormPage(page, '/login')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
}

test('a page whose code went missing after an update reloads once and opens in the new version', async ({
  page,
}) => {
  const about = { refused: 0, served: 0 }
  const loads = countLoads(page)
  // The old version's chunk is gone from the server until the page reloads (into the new version).
  await page.route(/\/assets\/about-[\w-]+\.js$/, async (route) => {
    if (loads.count > 1) {
      about.served += 1
      return route.continue()
    }
    about.refused += 1
    await route.fulfill({ status: 404, body: 'Not found' })
  })
  await appRunning(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
  await expect.poll(() => loads.count).toBe(2)
  await expect(page).toHaveURL(/\/about$/)
  // The reloaded page runs the new version's code for the route.
  await page.mouse.move(10, 10)
  await expect.poll(() => about.served).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { name: 'Our Journey' })).toBeVisible()
  await expect(page.getByRole('heading', { name: messages.crashTitle })).toHaveCount(0)
  expect(about.refused).toBeGreaterThan(0)
  expect(loads.count).toBe(2)
})

test('code that stays missing reloads only once, then shows the crash screen instead of a loop', async ({
  page,
}) => {
  let refused = 0
  await page.route(/\/assets\/about-[\w-]+\.js$/, async (route) => {
    refused += 1
    await route.fulfill({ status: 404, body: 'Not found' })
  })
  const loads = countLoads(page)
  await appRunning(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
  await expect.poll(() => loads.count).toBe(2)
  await page.mouse.move(10, 10)
  await expect(page.getByRole('heading', { name: messages.crashTitle })).toBeVisible()
  expect(loads.count).toBe(2)
  expect(refused).toBeGreaterThanOrEqual(2)
})

/** The persisted offline cache (React Query in IndexedDB through idb-keyval), as text. */
function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve('')
        open.onsuccess = () => {
          const read = open.result
            .transaction('keyval', 'readonly')
            .objectStore('keyval')
            .get('cypher-query-cache')
          read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : '')
          read.onerror = () => resolve('')
        }
      }),
  )
}

test('a device out of storage keeps the newest portal data and tells the user', async ({ page }) => {
  test.slow()
  // The device's quota, as the test sets it: IndexedDB refuses a bigger value as a full disk does.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const limit = Number(sessionStorage.getItem('test:storage-limit') ?? Infinity)
      if (typeof value === 'string' && value.length > limit) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      return put.call(this, value, key)
    }
  })
  await signInThroughForm(page)
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["portal","overview"]')
  await page.goto('/dashboard?tab=apps')
  await expect.poll(() => persistedCache(page)).toContain('Atlas Order Alerts')
  await page.waitForLoadState('networkidle')
  const before = (await persistedCache(page)).length
  expect(before).toBeGreaterThan(0)

  // From now on the device holds no more than what is stored already.
  await page.evaluate((limit) => sessionStorage.setItem('test:storage-limit', String(limit)), before)
  await page.goto('/wallet')
  await expect(page.getByRole('heading', { level: 1, name: 'Client Wallet' })).toBeVisible()
  // Told once, however many writes the full device refuses.
  const told = page.getByText(/short of storage: only your most recent portal data is kept/)
  await expect(told).toBeVisible()
  await expect(told).toHaveCount(1)
  await expect.poll(() => persistedCache(page)).toContain('"queryKey":["wallet"]')
  const kept = await persistedCache(page)
  expect(kept.length).toBeLessThanOrEqual(before)
  // The oldest data gave way to the newest.
  expect(kept).not.toContain('"queryKey":["portal","overview"]')
})
