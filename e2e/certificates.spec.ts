import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { DEMO, signInThroughForm } from './fixtures'

const STAFF = { ...DEMO, email: 'staff@example.com', password: 'StaffPass!2026' }

test('staff create a certificate, open its verification page and download it as a PNG', async ({ page }) => {
  // Drawing the certificate at scale 3 in software rendering takes a while on a busy machine.
  test.slow()
  await signInThroughForm(page, STAFF)
  // Staff reach the form from the verification page, linked in the header.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Certificate' }).click()
  await page.getByRole('link', { name: 'Issue a certificate' }).click()
  await expect(page).toHaveURL(/\/certificate-management$/)
  await expect(page.getByRole('heading', { name: 'Certificate Management' })).toBeVisible()

  await page.getByRole('button', { name: 'Create Certificate' }).click()
  await expect(page.getByText('Please fill in all required fields')).toBeVisible()

  await page.getByLabel(/^Recipient name/).fill('Layla Hassan')
  await page.getByLabel(/^Recipient email/).fill('layla.hassan@example.com')
  await page.getByLabel(/^Course name/).fill('Secure Web Development')
  await page.getByLabel('Course description').fill('OWASP Top 10, threat modelling and secure code review.')
  await page.getByLabel('Credits (hours)').fill('24')
  await page.getByLabel('Skills').fill('Threat modelling, Code review, OWASP')
  // The live preview follows the form.
  const preview = page.locator('[data-certificate^="CYP-"][data-certificate$="-XXXXXX"]')
  await expect(preview.getByText('Layla Hassan')).toBeVisible()
  await expect(preview.getByText('24 hours')).toBeVisible()

  await page.getByRole('button', { name: 'Create Certificate' }).click()
  const serial = (await page.getByTestId('created-serial').textContent()) ?? ''
  expect(serial).toMatch(/^CYP-\d{4}-TRNG-[2-9A-HJKMNP-Z]{6}$/)
  await expect(page.getByText(`Certificate created successfully! Serial: ${serial}`)).toBeVisible()
  // The form resets after success.
  await expect(page.getByLabel(/^Recipient name/)).toHaveValue('')

  const [verification] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'View Certificate' }).click(),
  ])
  await expect(verification).toHaveURL(new RegExp(`/certificate/${serial}$`))
  // A new tab loads the whole app before it verifies: slow on a busy machine.
  await expect(verification.getByText('Valid Certificate')).toBeVisible({ timeout: 30_000 })
  await expect(verification.getByText('Signature verified')).toBeVisible()
  await expect(verification.getByText('l•••@example.com')).toBeVisible()

  await verification.getByRole('button', { name: 'Open the certificate at full size' }).click()
  const [download] = await Promise.all([
    verification.waitForEvent('download'),
    verification.getByRole('button', { name: 'Download as Image' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${serial}.png`)
  const png = PNG.sync.read(await readFile(await download.path()))
  // A4 landscape face (1123 × 794 CSS pixels) at scale 3.
  expect([png.width, png.height]).toEqual([3369, 2382])
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  expect(qr?.data).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/certificate/${serial}$`))
})

test('Download PDF opens a print window holding only the certificate on an A4 landscape page', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/client/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  const headers = { Authorization: `Bearer ${(await login.json()).access}` }
  const created = await request.post('/api/certificates/', {
    headers,
    data: {
      recipient_name: 'Omar Saleh',
      recipient_email: 'omar.saleh@example.com',
      course_name: 'Cloud Foundations',
      completion_date: '2026-05-01',
      issue_date: '2026-05-02',
      certificate_type: 'completion',
    },
  })
  expect(created.status()).toBe(201)
  const { serial_number: serial } = await created.json()

  await page.goto(`/certificate/${serial}`)
  await expect(page.getByText('Valid Certificate')).toBeVisible()
  const [printWindow] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  await expect(printWindow.locator(`[data-certificate="${serial}"]`)).toBeVisible()
  await expect(printWindow.getByText('Certificate of Completion')).toBeVisible()
  expect(await printWindow.content()).toContain('@page{size:A4 landscape;margin:0}')
  await expect(page.getByText('Certificate PDF generation started!')).toBeVisible()
})

test('a certificate serial typed in lower case is verified; an unknown one is not found', async ({
  page,
}) => {
  await page.goto('/certificate')
  await page.getByRole('button', { name: 'Verify Certificate' }).click()
  await expect(page.getByText('Please enter a certificate serial number.').first()).toBeVisible()
  await page.getByLabel('Certificate serial number').fill('cyp-2026-trng-zzzzzz')
  await expect(page.getByLabel('Certificate serial number')).toHaveValue('CYP-2026-TRNG-ZZZZZZ')
  await page.getByRole('button', { name: 'Verify Certificate' }).click()
  await expect(page).toHaveURL(/\/certificate\/CYP-2026-TRNG-ZZZZZZ$/)
  await expect(page.getByRole('heading', { name: 'Certificate Not Found' })).toBeVisible()
  await expect(page.getByText('Certificate not found. Please check the serial number.')).toBeVisible()
})

test('a signed-in client is told that only staff create certificates', async ({ page }) => {
  await signInThroughForm(page)
  await page.goto('/certificate-management')
  // A reload checks the stored session with the server first ('Verifying authentication...').
  await expect(page.getByText('Only staff members can create certificates.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Create Certificate' })).toHaveCount(0)
})
