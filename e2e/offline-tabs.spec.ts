import { expect, test, type Page } from '@playwright/test'
import { signInThroughForm } from './fixtures'

/** Two tabs of one browser share the persisted offline copy (one IndexedDB entry). */

/** Waits until the service worker controls the page and has stored all of the app's code. */
async function appOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  const worker = await (await page.request.get('/sw.js')).text()
  // A client's: the staff console's code is not stored for them.
  const expected = (worker.match(/"later":true/g)?.length ?? 0) - (worker.match(/"staff":true/g)?.length ?? 0)
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('cypher-assets')).keys()).length), {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(expected)
}

/** The persisted offline cache (React Query in IndexedDB through idb-keyval), parsed. */
function persisted(page: Page): Promise<{ timestamp: number; text: string }> {
  return page.evaluate(
    () =>
      new Promise<{ timestamp: number; text: string }>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve({ timestamp: 0, text: '' })
        open.onsuccess = () => {
          const read = open.result
            .transaction('keyval', 'readonly')
            .objectStore('keyval')
            .get('cypher-query-cache')
          read.onsuccess = () => {
            const text = typeof read.result === 'string' ? read.result : ''
            resolve({ timestamp: text ? (JSON.parse(text) as { timestamp: number }).timestamp : 0, text })
          }
          read.onerror = () => resolve({ timestamp: 0, text: '' })
        }
      }),
  )
}

test("a comment queued in one tab survives the other tab's write of the offline copy and is sent", async ({
  page,
  context,
}) => {
  test.slow()
  await signInThroughForm(page)
  await appOffline(page)
  await page.goto('/dashboard?tab=projects')
  await page.getByRole('link', { name: 'View project Atlas Commerce Platform' }).click()
  await page.getByRole('tab', { name: 'Support Tickets' }).click()
  await page.getByRole('button', { name: /Checkout times out on carts with more than 50 items/ }).click()
  const detail = page.getByTestId('ticket-detail')
  await expect(detail.getByRole('heading', { name: /Checkout times out/ })).toBeVisible()
  const ticketUrl = page.url()

  // A second tab of the same user.
  const other = await context.newPage()
  await other.goto('/dashboard')
  await expect(other.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
  await other.waitForLoadState('networkidle')

  // Offline, the first tab queues a comment, which reaches the disk; then that tab is closed.
  await context.setOffline(true)
  const text = `Queued in one tab while another is open (${Date.now()}).`
  await detail.getByLabel('Add a comment').fill(text)
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(detail.getByTestId('pending-comment')).toContainText(text)
  await expect.poll(async () => (await persisted(page)).text).toContain(text)
  const queuedAt = (await persisted(page)).timestamp
  await page.close()

  // The other tab, which never saw the comment, writes the shared copy.
  await other.getByRole('tab', { name: 'Domains' }).click()
  await expect.poll(async () => (await persisted(other)).timestamp).toBeGreaterThan(queuedAt)
  expect((await persisted(other)).text).toContain(text)

  // Back online, the next start sends it.
  await context.setOffline(false)
  await other.goto(ticketUrl)
  const otherDetail = other.getByTestId('ticket-detail')
  await expect(otherDetail.getByTestId('comment').filter({ hasText: text })).toHaveCount(1)
  await expect(otherDetail.getByTestId('pending-comment')).toHaveCount(0)
  await expect.poll(async () => (await persisted(other)).text).not.toContain(`"isPaused":true`)
})
