import { expect, test, type Page } from '@playwright/test'
import { signInThroughForm } from './fixtures'

/**
 * Two tabs of one browser share the persisted offline copy (one IndexedDB entry written by whichever
 * tab wrote last); each tab also keeps its queued writes under its own key (src/app/persistence.ts).
 */

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

/** Everything the app keeps in IndexedDB (idb-keyval), by key. */
function stored(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve({})
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readonly').objectStore('keyval')
          const entries: Record<string, string> = {}
          const cursor = store.openCursor()
          cursor.onsuccess = () => {
            const at = cursor.result
            if (!at) return resolve(entries)
            if (typeof at.key === 'string' && typeof at.value === 'string') entries[at.key] = at.value
            at.continue()
          }
          cursor.onerror = () => resolve(entries)
        }
      }),
  )
}

/** When the shared offline copy was last written (0 when there is none). */
async function sharedCopyWrittenAt(page: Page): Promise<number> {
  const text = (await stored(page))['cypher-query-cache']
  return text ? (JSON.parse(text) as { timestamp: number }).timestamp : 0
}

test('a comment queued in a tab closed while offline survives the other tab and is sent once', async ({
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

  // Both offline: the first tab queues a comment, which reaches the disk.
  await context.setOffline(true)
  const text = `Queued in one tab while another is open (${Date.now()}).`
  await detail.getByLabel('Add a comment').fill(text)
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(detail.getByTestId('pending-comment')).toContainText(text)
  await expect.poll(async () => Object.values(await stored(page)).join('\n')).toContain(text)
  const queuedAt = await sharedCopyWrittenAt(page)

  // The other tab, which never held the comment, writes the shared copy while the first is open...
  await other.getByRole('tab', { name: 'Domains' }).click()
  await expect.poll(() => sharedCopyWrittenAt(other)).toBeGreaterThan(queuedAt)
  // ...and again once the first tab is closed (or has crashed) before the network came back.
  await page.close()
  const closedAt = await sharedCopyWrittenAt(other)
  await other.getByRole('tab', { name: 'My Apps' }).click()
  await expect.poll(() => sharedCopyWrittenAt(other)).toBeGreaterThan(closedAt)
  // The tab still open leaves the closed tab's comment where it is and does not show it.
  await expect.poll(async () => Object.values(await stored(other)).join('\n')).toContain(text)

  // Back online, the next page start takes the comment over and sends it: once, shown once.
  await context.setOffline(false)
  await other.goto(ticketUrl)
  const otherDetail = other.getByTestId('ticket-detail')
  await expect(otherDetail.getByTestId('comment').filter({ hasText: text })).toHaveCount(1)
  await expect(otherDetail.getByTestId('pending-comment')).toHaveCount(0)
  await expect
    .poll(async () => Object.values(await stored(other)).filter((value) => value.includes('"isPaused":true')))
    .toEqual([])
  // Another page of the same browser finds nothing left to send, and the server has it once.
  const third = await context.newPage()
  await third.goto(ticketUrl)
  const thirdDetail = third.getByTestId('ticket-detail')
  await expect(thirdDetail.getByRole('heading', { name: /Checkout times out/ })).toBeVisible()
  await expect(thirdDetail.getByTestId('comment').filter({ hasText: text })).toHaveCount(1)
  await expect(thirdDetail.getByTestId('pending-comment')).toHaveCount(0)
  await other.reload()
  await expect(otherDetail.getByTestId('comment').filter({ hasText: text })).toHaveCount(1)
})
