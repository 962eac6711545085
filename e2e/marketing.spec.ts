import { expect, test } from '@playwright/test'
import { uniqueEmail } from './fixtures'

test.beforeEach(async ({ page }) => {
  // The splash is covered by the layout's own spec; here it would only sit over the first screen.
  await page.addInitScript(() => window.sessionStorage.setItem('cypher-splash-shown', '1'))
})

test('a visitor browses the services, asks for a quote and sees the featured projects', async ({ page }) => {
  await page.goto('/')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Smart. Secure. Scalable Digital Solutions.' }),
  ).toBeVisible()
  await expect(page.getByTestId('home-service-card')).toHaveCount(8)
  await expect(page.getByTestId('tech-strip').getByRole('img', { name: 'React logo' })).toBeVisible()

  // Featured projects arrive only when their section scrolls into view.
  const projectsCall = page.waitForRequest((r) => r.url().includes('/api/public/projects/?page=1'))
  await page.getByRole('heading', { name: 'Featured Projects' }).scrollIntoViewIfNeeded()
  await projectsCall
  await expect(page.getByTestId('project-card').first()).toBeVisible()
  await expect(page.getByText("Have a software idea? Let's make it real.")).toBeVisible()

  await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect(page.getByTestId('service-card')).toHaveCount(10)
  await page.getByRole('link', { name: 'Learn More about Cybersecurity' }).click()

  await expect(page).toHaveURL(/\/services\/cybersecurity$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Cybersecurity' })).toBeVisible()
  await expect(page.getByText('100+ Projects Delivered')).toBeVisible()
  await expect(page.getByText('4.9/5')).toBeVisible()
  await page.getByRole('button', { name: 'Request Quote' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'Quote request: Cybersecurity' })
  await expect(notice).toBeVisible()
  await expect(notice).toBeHidden({ timeout: 6000 })

  await page.goto('/services/sms-otp')
  await expect(page.getByRole('heading', { name: 'What is SMS OTP?' })).toBeVisible()
  await expect(page.getByTestId('success-rate')).toHaveText('95%')
  await page.goto('/services/no-such-service')
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible()
  await page.getByRole('link', { name: /Back to Services/ }).click()
  await expect(page).toHaveURL(/\/services$/)
})

test('the contact form refuses a bad e-mail, then sends and clears', async ({ page }) => {
  await page.goto('/contact')
  await expect(page.getByText('Cairo Headquarters')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View on Map' })).toHaveAttribute('target', '_blank')
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir\/\?api=1&destination=29\.9726,30\.943/,
  )

  await page.getByLabel('Full name').fill('Laila Hassan')
  await page.getByLabel('Email').fill('laila@example')
  await page.getByRole('textbox', { name: 'Message' }).fill('We would like a booking app for our clinics.')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('Laila Hassan')

  await page.getByLabel('Email').fill(uniqueEmail('laila'))
  await page.getByLabel('Inquiry type').selectOption('Quote')
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/public/contact/'))
  await page.getByRole('button', { name: 'Send Message' }).click()
  const response = await sent
  expect(response.status()).toBe(201)
  expect(response.request().postDataJSON()).toMatchObject({ inquiry_type: 'quote', subject: 'Quote Inquiry' })
  await expect(
    page.getByText("Message sent successfully! We'll get back to you within 24 hours."),
  ).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('')
})

test('the project brief wizard goes through its three steps and starts over after success', async ({
  page,
}) => {
  await page.goto('/start-project')
  await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()

  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByText('Please fill all required fields.')).toBeVisible()
  await page.getByLabel('Project name').fill('Clinic Booking')
  await page.getByLabel('Project type').selectOption('web')
  await page.getByLabel('Budget range').selectOption('10k-25k')
  await page.getByRole('button', { name: 'Next Step' }).click()

  await expect(page.getByRole('heading', { name: 'Requirements' })).toBeVisible()
  await page.getByLabel('Project description').fill('Patients book and pay for appointments online.')
  await page.getByRole('checkbox', { name: 'Payment Integration' }).check()
  await page.getByLabel('Requirements file (optional)').setInputFiles({
    name: 'brief.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Must support Arabic and English.\n'),
  })
  await expect(page.getByText('brief.txt')).toBeVisible()
  await page.getByRole('button', { name: 'Next Step' }).click()

  await expect(page.getByRole('heading', { name: 'Contact & Submit' })).toBeVisible()
  await page.getByLabel('Your name').fill('Omar Adel')
  await page.getByLabel('Email').fill(uniqueEmail('omar'))
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/public/project-inquiry/'))
  await page.getByRole('button', { name: 'Submit Project' }).click()
  expect((await sent).status()).toBe(201)
  await expect(
    page.getByText('Project inquiry submitted successfully! Our team will contact you within 24 hours.'),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Project Basics' })).toBeVisible()
  await expect(page.getByLabel('Project name')).toHaveValue('')
})

test('a franchise application is sent and the form is cleared', async ({ page }) => {
  await page.goto('/franchise')
  await expect(page.getByRole('heading', { name: 'Why Partner With Us' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Next Steps' })).toBeVisible()
  await page.getByLabel('Full name').fill('Hana Saleh')
  await page.getByLabel('Email').fill(uniqueEmail('hana'))
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Please fill all required fields.')).toBeVisible()

  await page.getByLabel('Phone').fill('+971 50 000 0000')
  await page.getByLabel('Country').fill('United Arab Emirates')
  await page.getByLabel('Investment capacity').selectOption('100k-250k')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(
    page.getByText(
      'Franchise application submitted successfully! Our team will contact you within 24 hours.',
    ),
  ).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('')
})

test('the company pages show their fixed content', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByText('Founded in Egypt')).toBeVisible()
  const flip = page.getByRole('button', { name: /Show the biography of/ }).first()
  await flip.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: /Show the photo of/ }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await page.goto('/clients')
  await expect(page.getByText('75+')).toBeVisible()
  await expect(page.getByText('20+')).toBeVisible()

  await page.goto('/privacy')
  await expect(page.getByText('Last updated: December 2024')).toBeVisible()
})
