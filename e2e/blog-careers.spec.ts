import { expect, test } from '@playwright/test'
import { uniqueEmail } from './fixtures'

/** A small file that starts like a real PDF, as the server checks the first bytes. */
const cvFile = {
  name: 'e2e-cv.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)]),
}

test('a visitor reads the blog, subscribes, and applies for a job with a CV', async ({ page }) => {
  await page.goto('/blog')
  // The app starts on the first sign of use; this waits until it has adopted the search box.
  await page.mouse.move(5, 5)
  await expect(page.locator('form[data-awaiting-app]')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Insights from Our Team' })).toBeVisible()
  const featured = page.getByRole('region', { name: 'Featured Posts' })
  await expect(featured.getByRole('article')).toHaveCount(2)
  await expect(page.getByRole('navigation', { name: 'Blog pages' })).toBeVisible()

  // A category filter hides the featured row and narrows the grid.
  await page.getByRole('button', { name: 'Cybersecurity' }).click()
  await expect(page).toHaveURL(/\/blog\?category=cybersecurity$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Cybersecurity' })).toBeVisible()
  await expect(featured).toHaveCount(0)
  const grid = page.getByRole('region', { name: 'Cybersecurity' })
  await expect(grid.getByRole('article')).toHaveCount(6)

  // A search with no result offers to clear the filters.
  await page.getByRole('textbox', { name: 'Search articles' }).fill('no article has this phrase')
  await expect(page.getByText('No articles found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(page.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('button', { name: 'Cybersecurity' }).click()
  await page.getByRole('link', { name: 'Secure File Uploads: Size Limits, Magic Bytes and Storage' }).click()
  await expect(page).toHaveURL(/\/blog\/secure-file-uploads$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Secure File Uploads: Size Limits, Magic Bytes and Storage',
  )
  await expect(page).toHaveTitle(/Secure File Uploads/)
  await expect(page.getByRole('heading', { name: 'Enforce limits while streaming' })).toBeVisible()
  await expect(page.getByText('7 min read').first()).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'About this article' })).toContainText('Nadia Kamal')

  // Sharing without the Web Share API copies the link.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }))
  await page.getByRole('button', { name: 'Share' }).first().click()
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible()

  // Newsletter: a bad address is refused in the form, a good one is subscribed and cleared.
  const newsletter = page.getByRole('region', { name: 'Subscribe to Our Newsletter' })
  const email = newsletter.getByLabel('Email address')
  await email.fill('reader@example')
  await newsletter.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Please enter a valid email format.')).toBeVisible()
  await email.fill(uniqueEmail('reader'))
  await newsletter.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Thank you for subscribing to our newsletter!')).toBeVisible()
  await expect(email).toHaveValue('')

  // An unknown post says so.
  await page.goto('/blog/no-such-post')
  await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible()

  // Careers: filters work on the page, then one job and its application form.
  await page.goto('/careers')
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Open Positions' })).toBeVisible()
  // Filters apply to the loaded page only: page 1 holds one of the two internships.
  await page.getByRole('button', { name: 'Internship' }).click()
  const positions = page.getByRole('region', { name: 'Open Positions' })
  await expect(positions.getByRole('article')).toHaveCount(1)
  await page.getByRole('textbox', { name: 'Search jobs' }).fill('nothing matches this')
  await expect(page.getByText('No jobs found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(positions.getByRole('article')).toHaveCount(10)

  await positions.getByRole('link', { name: 'Security Analyst', exact: true }).click()
  await expect(page).toHaveURL(/\/careers\/security-analyst$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Security Analyst' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Responsibilities' })).toBeVisible()
  await expect(page.getByText('Hands-on with Burp Suite and the OWASP Testing Guide')).toBeVisible()
  const applicants = page.getByText(/^\d+ applicants$/)
  const before = Number((await applicants.textContent())?.split(' ')[0])

  const form = page.getByRole('form', { name: 'Job application' })
  const submit = form.getByRole('button', { name: 'Submit Application' })
  await expect(submit).toBeDisabled()
  await form.getByLabel('Full name').fill('Lina Samir')
  await form.getByLabel('Email').fill('lina@example')
  await form.getByLabel('Phone number').fill('0100 123 4567')
  await form.getByLabel('CV').setInputFiles(cvFile)
  await expect(form.getByText('e2e-cv.pdf')).toBeVisible()
  await submit.click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(form.getByLabel('Full name')).toHaveValue('Lina Samir')

  await form.getByLabel('Email').fill(uniqueEmail('lina'))
  await submit.click()
  await expect(
    page.getByText(
      'Application submitted successfully! We will review your application and get back to you soon.',
    ),
  ).toBeVisible()
  await expect(form.getByLabel('Full name')).toHaveValue('')
  await expect(form.getByText('e2e-cv.pdf')).toHaveCount(0)
  await expect(page.getByText(`${before + 1} applicants`)).toBeVisible()
})

test('blog and job pages carry their own title and description for link previews', async ({ request }) => {
  const post = await (await request.get('/blog/retrieval-augmented-generation-in-practice')).text()
  expect(post).toContain('<title>Retrieval-Augmented Generation in Practice')
  expect(post).toContain('og:image" content="http://127.0.0.1')
  const job = await (await request.get('/careers/devops-engineer')).text()
  expect(job).toContain('<title>DevOps Engineer | Careers')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/careers/devops-engineer</loc>')
})
