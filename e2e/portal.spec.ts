import { expect, test as base, type Page } from '@playwright/test'
import { DEMO, SECOND_CLIENT, signInThroughForm } from './fixtures'

/** The second demo company (server/db/seed/accounts.ts), whose project the demo client must not see. */

/**
 * The file's tests share one page signed in as the demo client: one sign-in, not one per test (logins
 * are limited to 10 a minute per address, and a copied session would be revoked by refresh rotation).
 * Each test starts on the dashboard and leaves a screenshot when it fails.
 */
const test = base.extend<{ portal: Page }, { signedIn: Page }>({
  signedIn: [
    async ({ browser }, provide, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use
      const context = await browser.newContext({ baseURL, viewport })
      const page = await context.newPage()
      await signInThroughForm(page)
      await provide(page)
      await context.close()
    },
    { scope: 'worker' },
  ],
  portal: async ({ signedIn }, provide, testInfo) => {
    await signedIn.goto('/dashboard')
    await provide(signedIn)
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('screenshot', { body: await signedIn.screenshot(), contentType: 'image/png' })
    }
  },
})

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

/** From the dashboard's My Projects tab into the Atlas project. */
async function openAtlas(page: Page) {
  await page.getByRole('tab', { name: 'My Projects' }).click()
  await page.getByRole('link', { name: 'View project Atlas Commerce Platform' }).click()
  await expect(page).toHaveURL(/\/project\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Atlas Commerce Platform' })).toBeVisible()
}

test('the dashboard greets the client with the overview figures', async ({ portal: page }) => {
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()
  const stats = page.getByTestId('dashboard-stats')
  await expect(stats.getByTestId('stat-Total Apps')).toHaveText('4')
  await expect(stats.getByTestId('stat-Active Projects')).toHaveText('1')
  // Real month-over-month trends of the seed (fixed counts on each side of the month start): apps and
  // projects unchanged, recipients 45 → 51, delivered 59/62 → 69/72.
  await expect(stats.getByText('0% from last month')).toHaveCount(2)
  await expect(stats.getByText('+13.3% from last month')).toBeVisible()
  await expect(stats.getByText('+0.7% from last month')).toBeVisible()
  await expect(page.getByRole('link', { name: /Create App/ }).first()).toHaveAttribute('href', '/create-app')
})

test('My Apps counts the apps, searches them and clears the filters', async ({ portal: page }) => {
  await page.getByRole('tab', { name: 'My Apps' }).click()
  await expect(page).toHaveURL(/\?tab=apps$/)
  await expect(page.getByText('Showing 4 of 4 apps')).toBeVisible()
  await expect(page.getByText('Not available')).toBeVisible()
  await page.getByPlaceholder('Search apps...').fill('newsletter')
  await expect(page.getByText('Showing 1 of 4 apps')).toBeVisible()
  await page.getByPlaceholder('Search apps...').fill('no such app')
  await expect(page.getByText('No matching apps found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear all filters' }).click()
  await expect(page.getByText('Showing 4 of 4 apps')).toBeVisible()
})

test('My Projects opens a project with its finances, milestones and website', async ({ portal: page }) => {
  await page.getByRole('tab', { name: 'My Projects' }).click()
  await expect(page).toHaveURL(/\?tab=projects$/)
  await expect(page.getByTestId('client-project-card')).toHaveCount(3)
  await expect(page.getByText('Custom development project')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('tab', { name: 'My Projects', selected: true })).toBeVisible()
  await openAtlas(page)

  const finances = page.getByTestId('financial-overview')
  await expect(finances.getByText('$48,000.00')).toBeVisible()
  await expect(finances.getByText('$15,000.00')).toBeVisible()
  await expect(finances.getByText('$33,000.00')).toBeVisible()
  await page.getByRole('button', { name: /Payments Integration/ }).click()
  await expect(page.getByText('Card payments, local gateways and vendor payouts.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Visit Website' })).toHaveAttribute(
    'href',
    'https://atlas.example.com',
  )
})

test('a client files a ticket with an attachment and comments on it', async ({ portal: page }) => {
  const title = `Order emails arrive twice (${Date.now()})`
  await openAtlas(page)
  await page.getByRole('tab', { name: 'Support Tickets' }).click()
  await expect(page.getByTestId('ticket-card').first()).toBeVisible()
  await expect(page.getByTestId('overdue-badge').first()).toHaveText('OVERDUE')
  await page.getByRole('button', { name: 'Create Ticket' }).click()
  const submit = page.getByRole('button', { name: 'Submit Ticket' })
  await expect(submit).toBeDisabled()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill('Since Monday every shopper receives two confirmation emails.')
  await page.locator('input[type="file"]').setInputFiles({
    name: 'duplicate-emails.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Message-ID: 1\nMessage-ID: 1\n'),
  })
  await expect(page.getByText('duplicate-emails.txt')).toBeVisible()
  await submit.click()
  await expect(page.getByText('Support ticket created successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toBeHidden()

  await page.getByRole('button', { name: title }).click()
  const detail = page.getByTestId('ticket-detail')
  await expect(detail.getByRole('heading', { name: title })).toBeVisible()
  await expect(detail.getByTestId('attachment')).toContainText('duplicate-emails.txt')
  await expect(detail.getByText('Ticket created')).toBeVisible()
  await detail.getByLabel('Add a comment').fill('It started after the template change.')
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(page.getByText('Comment added successfully!')).toBeVisible()
  await expect(detail.getByTestId('comment')).toContainText(['It started after the template change.'])
})

test('the portal stays readable offline, and a comment written offline is sent once back online', async ({
  portal: page,
}) => {
  // Many reloads, online and offline, in one story: three times the usual time budget.
  test.slow()
  const online = `Seen again on the large-cart test (${Date.now()}).`
  const offline = `Written while offline (${Date.now()}).`
  const context = page.context()
  await openAtlas(page)
  await page.getByRole('tab', { name: 'Support Tickets' }).click()
  await page.getByRole('button', { name: /Checkout times out on carts with more than 50 items/ }).click()
  const detail = page.getByTestId('ticket-detail')
  await expect(detail.getByRole('heading', { name: /Checkout times out/ })).toBeVisible()
  await detail.getByLabel('Add a comment').fill(online)
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(detail.getByTestId('comment').filter({ hasText: online })).toHaveCount(1)
  const ticketUrl = page.url()

  // The service worker must control the page before the network goes away; the persister (throttled
  // to 1 s) must have stored the comment before a reload, or the reload shows the copy from before it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => persistedCache(page)).toContain(online)
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect(detail.getByTestId('comment').filter({ hasText: online })).toHaveCount(1)

  // Offline: a reload still shows the ticket, and the dashboard, from the persisted cache.
  await context.setOffline(true)
  await page.reload()
  await expect(detail.getByRole('heading', { name: /Checkout times out/ })).toBeVisible()
  await expect(detail.getByTestId('comment').filter({ hasText: online })).toHaveCount(1)
  await page.getByRole('link', { name: 'Back to Dashboard' }).first().click()
  await expect(page).toHaveURL(/\/dashboard/)
  await page.reload()
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()
  await expect(page.getByTestId('dashboard-stats').getByTestId('stat-Total Apps')).toHaveText('4')

  // A comment written offline waits as pending; creating tickets and uploading are disabled.
  await page.goto(ticketUrl)
  await expect(detail.getByRole('heading', { name: /Checkout times out/ })).toBeVisible()
  await expect(detail.getByText('You are offline. Uploading files needs a connection.')).toBeVisible()
  await detail.getByLabel('Add a comment').fill(offline)
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(detail.getByTestId('pending-comment')).toContainText(offline)
  await expect(detail.getByTestId('pending-comment')).toContainText('Pending')
  await page.getByRole('button', { name: 'Create Ticket' }).click()
  await expect(page.getByText('You are offline. Creating a ticket needs a connection.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel' }).click()

  // The queued comment survives a reload while still offline.
  await expect.poll(() => persistedCache(page)).toContain(offline)
  await page.reload()
  await expect(detail.getByTestId('pending-comment')).toContainText(offline)

  // Back online: the queued comment is delivered, for good: nothing left in the stored queue, and the
  // server has it after a reload.
  await context.setOffline(false)
  await expect(detail.getByTestId('pending-comment')).toHaveCount(0)
  await expect(detail.getByTestId('comment').filter({ hasText: offline })).toHaveCount(1)
  const delivered = new RegExp(`"mutations":\\[\\].*${offline.replace(/[().]/g, '\\$&')}`, 's')
  await expect.poll(() => persistedCache(page)).toMatch(delivered)
  await page.reload()
  await expect(detail.getByTestId('comment').filter({ hasText: offline })).toHaveCount(1)
})

test('a project of another client, or no project at all, shows the error view', async ({
  portal: page,
  request,
}) => {
  // The second company's real project, found through its own account.
  const login = await request.post('/api/client/auth/login/', {
    data: { email: SECOND_CLIENT.email, password: SECOND_CLIENT.password },
  })
  expect(login.status()).toBe(200)
  const { access } = (await login.json()) as { access: string }
  const list = await request.get('/api/client/projects/', { headers: { Authorization: `Bearer ${access}` } })
  const { results } = (await list.json()) as { results: { project: number; project_name: string }[] }
  const fleet = results.find((p) => p.project_name === 'Fleet Tracking Platform')
  expect(fleet).toBeDefined()

  for (const path of [`/project/${fleet?.project}`, '/project/999999']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible()
    await expect(page.getByText('Failed to load project data. Please try again.')).toBeVisible()
    await expect(page.getByText('Fleet Tracking Platform')).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
