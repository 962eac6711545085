import { expect, test } from '@playwright/test'

test('a visitor searches, filters and pages the portfolio, views a project and its screenshots, then finds a partner', async ({
  page,
}) => {
  await page.goto('/projects')
  // The app starts on the first sign of use; this waits until it has adopted the search box.
  await page.mouse.move(5, 5)
  await expect(page.locator('form[data-awaiting-app]')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible()
  const cards = page.getByTestId('project-card')
  await expect(cards).toHaveCount(20)
  await expect(cards.filter({ hasText: 'Featured' }).first()).toBeVisible()

  // Search narrows the list; clearing it brings everything back.
  const search = page.getByRole('textbox', { name: 'Search projects' })
  await search.fill('wasla')
  await expect(cards).toHaveCount(1)
  await expect(cards.first().getByRole('heading', { name: 'Wasla Wallet' })).toBeVisible()
  await search.fill('no such project at all')
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(cards).toHaveCount(20)
  await expect(search).toHaveValue('')

  // Page 2 holds the last 5 of 25; choosing a profile starts again at page 1.
  await page.getByRole('button', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(cards).toHaveCount(5)
  await page.getByRole('button', { name: 'Web Platforms' }).click()
  await expect(page).not.toHaveURL(/page=/)
  await expect(cards).toHaveCount(8)
  await expect(page.getByRole('button', { name: 'Web Platforms' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'All Projects' }).click()
  await expect(cards).toHaveCount(20)

  // A project, its screenshots in the viewer: arrows wrap around, Z zooms, Esc closes.
  await page.getByRole('link', { name: 'View Details: Souqly' }).click()
  await expect(page).toHaveURL(/\/projects\/souqly$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Souqly' })).toBeVisible()
  await expect(page).toHaveTitle('Souqly | Cypher')
  await expect(page.getByRole('heading', { name: 'Technologies Used' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Play Store' })).toHaveAttribute('href', /play\.google\.com/)

  const first = page.getByRole('button', { name: 'Open screenshot 1 of 5' })
  await first.click()
  const viewer = page.getByTestId('screenshot-viewer')
  const position = page.getByTestId('viewer-position')
  await expect(viewer).toBeVisible()
  await expect(position).toHaveText('1 / 5')
  await page.keyboard.press('ArrowRight')
  await expect(position).toHaveText('2 / 5')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(position).toHaveText('5 / 5')
  await expect(viewer.getByRole('img', { name: 'Souqly screenshot 5' })).toBeVisible()
  await page.keyboard.press('z')
  await expect(viewer).toHaveAttribute('data-zoomed', 'true')
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(first).toBeFocused()

  // An unknown project says so.
  await page.goto('/projects/no-such-project')
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible()

  // Partners: the list comes from the server, the search is client-side and case-insensitive.
  await page.goto('/partners')
  const partners = page.getByRole('list', { name: 'Partners' }).getByRole('listitem')
  await expect(partners.first()).toBeVisible()
  const total = await partners.count()
  expect(total).toBeGreaterThanOrEqual(10)
  const partnerSearch = page.getByRole('searchbox', { name: 'Search partners' })
  await partnerSearch.fill('CLOUD')
  await expect(partners).toHaveCount(1)
  await expect(partners.first()).toContainText('Nimbus Cloud')
  await partnerSearch.fill('zzz')
  await expect(page.getByRole('heading', { name: 'No partners found' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear Search' }).click()
  await expect(partners).toHaveCount(total)
})

test('project pages carry their own title, description and preview image for link previews', async ({
  request,
}) => {
  const response = await request.get('/projects/souqly')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('<title>Souqly | Cypher</title>')
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/[^"]+\/images\/projects\/souqly\/banner\.svg"/,
  )
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/projects/tasleem-delivery</loc>')
})
