import { expect, test, type Page } from '@playwright/test'
import { signInThroughForm } from './fixtures'

// Sign-in, an import with its preview, an edit, a restore and a fix: more than the default 45 s on a
// loaded machine.
test.describe.configure({ timeout: 120_000 })

async function openDnsTab(page: Page, domainName: string) {
  await page.goto('/dashboard?tab=domains')
  const card = page.getByTestId('domain-card').filter({ hasText: domainName })
  await card.getByRole('link', { name: 'Manage' }).click()
  await expect(page.getByRole('heading', { name: domainName })).toBeVisible()
  await page.getByRole('tab', { name: 'DNS' }).click()
}

const ZONE = `$ORIGIN dana-mercer-studio.com.
$TTL 3600
@       IN A     192.0.2.60
www     IN CNAME dana-mercer-studio.com.
@       IN TXT   ( "v=spf1 "
                   "-all" )
`

test('imports a pasted zone after its preview, breaks a record, rolls back, and fixes DMARC from the health check', async ({
  page,
}) => {
  await signInThroughForm(page)
  await expect(page).toHaveURL(/\/dashboard/)
  await openDnsTab(page, 'dana-mercer-studio.com')

  // Import: the preview lists what would change; nothing is applied before the confirmation.
  await page.getByLabel('Zone file to import').fill(ZONE)
  await page.getByRole('button', { name: 'Preview import' }).click()
  const preview = page.getByTestId('import-preview')
  await expect(preview).toContainText('3 added')
  await expect(preview.locator('[data-change="added"]')).toHaveCount(3)
  await expect(preview).toContainText('TXT @ v=spf1 -all')
  await expect(page.getByText('No DNS records yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Apply import' }).click()
  await expect(page.getByText('Zone file imported.')).toBeVisible()
  const rows = page.getByTestId('dns-records').getByRole('row')
  await expect(rows.filter({ hasText: '192.0.2.60' })).toBeVisible()
  await expect(rows).toHaveCount(4)

  // Break a record: the site's address changes by mistake.
  await page.getByRole('button', { name: 'Edit A record @' }).click()
  await page.getByLabel('Value').fill('192.0.2.99')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('DNS record updated successfully')).toBeVisible()
  await expect(rows.filter({ hasText: '192.0.2.99' })).toBeVisible()

  // Roll back to the import: a preview first, then one step.
  const history = page.getByTestId('dns-history')
  await expect(
    history.getByRole('row').filter({ hasText: 'Changed A @ 192.0.2.60 to A @ 192.0.2.99' }),
  ).toBeVisible()
  const imported = history.getByRole('row').filter({ hasText: 'Imported a zone file: 3 added' })
  await imported.getByRole('button', { name: /^Restore version/ }).click()
  const restore = page.getByTestId('restore-preview')
  await expect(restore).toContainText('1 changed')
  await expect(restore).toContainText('A @ 192.0.2.99 (TTL 3600) → A @ 192.0.2.60 (TTL 3600)')
  await page.getByRole('button', { name: 'Restore this version' }).click()
  await expect(page.getByText('Version restored.')).toBeVisible()
  await expect(rows.filter({ hasText: '192.0.2.60' })).toBeVisible()
  await expect(rows.filter({ hasText: '192.0.2.99' })).toHaveCount(0)

  // The health check finds no DMARC record and fixes it in one click, with the reporting address given.
  const dmarc = page.getByTestId('health-dmarc')
  await expect(dmarc).toContainText('Problem')
  await expect(dmarc).toContainText('No DMARC record at _dmarc.dana-mercer-studio.com')
  await dmarc.getByLabel('Reports go to').fill('reports@dana-mercer-studio.com')
  await dmarc.getByRole('button', { name: 'Add a DMARC record (p=none, with reports)' }).click()
  await expect(page.getByText('Fix applied.')).toBeVisible()
  await expect(dmarc).toContainText('OK')
  await expect(dmarc).toContainText('Policy none')
  await expect(
    rows.filter({ hasText: 'v=DMARC1; p=none; rua=mailto:reports@dana-mercer-studio.com' }),
  ).toBeVisible()
})

test('a CNAME beside another record is refused next to the Host field before anything is sent', async ({
  page,
}) => {
  await signInThroughForm(page)
  await expect(page).toHaveURL(/\/dashboard/)
  await openDnsTab(page, 'demo-company.com')
  const rows = page.getByTestId('dns-records').getByRole('row')
  await expect(rows.filter({ hasText: 'mail.demo-company.com' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'A', exact: true }).click()
  await page.getByLabel('Host').fill('www')
  await page.getByLabel('Value').fill('192.0.2.77')
  await page.getByRole('button', { name: 'Add Record' }).click()
  await expect(
    page.getByText('www has a CNAME record, which must be the only record at its name.', { exact: false }),
  ).toBeVisible()
  await expect(rows.filter({ hasText: '192.0.2.77' })).toHaveCount(0)
})
