import { expect, test, type Page } from '@playwright/test'
import { DEMO, signInThroughForm } from './fixtures'

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

test('a client follows a project, files a ticket and keeps working offline', async ({ page, context }) => {
  await signInThroughForm(page)

  // Dashboard: greeting and the stat cards from the overview endpoint.
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()
  const stats = page.getByTestId('dashboard-stats')
  await expect(stats.getByTestId('stat-Total Apps')).toHaveText('4')
  await expect(stats.getByTestId('stat-Active Projects')).toHaveText('1')
  await expect(stats.getByText('+10% from last month')).toBeVisible()
  await expect(page.getByRole('link', { name: /Create App/ }).first()).toHaveAttribute('href', '/create-app')

  // My Apps: counter, search and the filters.
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

  // My Projects: cards with their fallbacks, then into a project.
  await page.getByRole('tab', { name: 'My Projects' }).click()
  await expect(page).toHaveURL(/\?tab=projects$/)
  await expect(page.getByTestId('client-project-card')).toHaveCount(3)
  await expect(page.getByText('Custom development project')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('tab', { name: 'My Projects', selected: true })).toBeVisible()
  await page.getByRole('link', { name: 'View project Atlas Commerce Platform' }).click()
  await expect(page).toHaveURL(/\/project\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Atlas Commerce Platform' })).toBeVisible()

  // Finances and milestones.
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

  // Support Tickets: the list with its overdue ticket, then a new ticket with an attachment.
  await page.getByRole('tab', { name: 'Support Tickets' }).click()
  await expect(page.getByTestId('ticket-card').first()).toBeVisible()
  await expect(page.getByTestId('overdue-badge').first()).toHaveText('OVERDUE')
  await page.getByRole('button', { name: 'Create Ticket' }).click()
  const submit = page.getByRole('button', { name: 'Submit Ticket' })
  await expect(submit).toBeDisabled()
  await page.getByLabel('Title').fill('Order emails arrive twice')
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

  await page.getByRole('button', { name: /Order emails arrive twice/ }).click()
  const detail = page.getByTestId('ticket-detail')
  await expect(detail.getByRole('heading', { name: /Order emails arrive twice/ })).toBeVisible()
  await expect(detail.getByTestId('attachment')).toContainText('duplicate-emails.txt')
  await expect(detail.getByText('Ticket created')).toBeVisible()

  await detail.getByLabel('Add a comment').fill('It started after the template change.')
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(page.getByText('Comment added successfully!')).toBeVisible()
  await expect(detail.getByTestId('comment')).toContainText(['It started after the template change.'])
  const ticketUrl = page.url()

  // The service worker must control the page before the network goes away; the persister (throttled
  // to 1 s) must have stored the comment before a reload, or the reload shows the copy from before it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => persistedCache(page)).toContain('It started after the template change.')
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect(detail.getByTestId('comment')).toContainText(['It started after the template change.'])

  // Offline: a reload still shows the ticket, and the dashboard, from the persisted cache.
  await context.setOffline(true)
  await page.reload()
  await expect(detail.getByRole('heading', { name: /Order emails arrive twice/ })).toBeVisible()
  await expect(detail.getByTestId('comment')).toContainText(['It started after the template change.'])
  await page.getByRole('link', { name: 'Back to Dashboard' }).first().click()
  await expect(page).toHaveURL(/\/dashboard/)
  await page.reload()
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.firstName}!` })).toBeVisible()
  await expect(page.getByTestId('dashboard-stats').getByTestId('stat-Total Apps')).toHaveText('4')

  // A comment written offline waits as pending; creating tickets and uploading are disabled.
  await page.goto(ticketUrl)
  await expect(detail.getByRole('heading', { name: /Order emails arrive twice/ })).toBeVisible()
  await expect(detail.getByText('You are offline. Uploading files needs a connection.')).toBeVisible()
  await detail.getByLabel('Add a comment').fill('Written while offline.')
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  await expect(detail.getByTestId('pending-comment')).toContainText('Written while offline.')
  await expect(detail.getByTestId('pending-comment')).toContainText('Pending')
  await page.getByRole('button', { name: 'Create Ticket' }).click()
  await expect(page.getByText('You are offline. Creating a ticket needs a connection.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel' }).click()

  // The queued comment survives a reload while still offline.
  await expect.poll(() => persistedCache(page)).toContain('Written while offline.')
  await page.reload()
  await expect(detail.getByTestId('pending-comment')).toContainText('Written while offline.')

  // Back online: the queued comment is delivered.
  await context.setOffline(false)
  await expect(detail.getByTestId('pending-comment')).toHaveCount(0)
  await expect(detail.getByTestId('comment').filter({ hasText: 'Written while offline.' })).toHaveCount(1)
  // Delivered for good: nothing left in the stored queue, and the server has it after a reload.
  await expect.poll(() => persistedCache(page)).toMatch(/"mutations":\[\].*Written while offline\./s)
  await page.reload()
  await expect(detail.getByTestId('comment').filter({ hasText: 'Written while offline.' })).toHaveCount(1)
})

test('a project of another client, or no project at all, shows the error view', async ({ page }) => {
  await signInThroughForm(page)
  await page.goto('/project/999999')
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible()
  await expect(page.getByText('Failed to load project data. Please try again.')).toBeVisible()
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
