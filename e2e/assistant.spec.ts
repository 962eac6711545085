import { expect, test } from '@playwright/test'

const OPEN = 'Open the Cypher AI Assistant'

test('a visitor asks a suggested question on a service page and reads the typed answer', async ({ page }) => {
  await page.goto('/services/mobile-apps')
  await page.getByRole('button', { name: OPEN }).click()

  const dialog = page.getByRole('dialog', { name: /Cypher AI Assistant/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Asking about: Mobile Apps')).toBeVisible()
  const suggestions = dialog.getByRole('group', { name: 'Suggested questions' })
  await expect(suggestions.getByRole('button')).toHaveCount(3)

  await suggestions.getByRole('button', { name: 'How much does Mobile Apps cost?' }).click()
  const reply = dialog.getByTestId('chat-message-assistant').last()
  // The sources appear once the reply is typed out in full.
  await expect(reply.getByRole('link', { name: 'Mobile Apps' })).toBeVisible()
  await expect(reply).toContainText('$5,000')
  await expect(reply).toContainText('8-12 weeks')
  await expect(suggestions).toHaveCount(0)
  await expect(dialog.getByText('Sandbox')).toBeVisible()

  // Enter sends; the conversation survives a reload within the browser session.
  const input = dialog.getByRole('textbox', { name: 'Your question' })
  await input.fill('What are your business hours?')
  await input.press('Enter')
  await expect(dialog.getByTestId('chat-message-assistant').last()).toContainText('Mon-Fri 9:00-18:00')

  await page.reload()
  await page.getByRole('button', { name: OPEN }).click()
  await expect(dialog.getByText('What are your business hours?')).toBeVisible()

  // A click on the backdrop closes the window.
  await page.mouse.click(10, 300)
  await expect(dialog).toBeHidden()
})

test('a question that names no service is about the service on screen', async ({ page }) => {
  await page.goto('/services/cloud')
  await page.getByRole('button', { name: OPEN }).click()
  const dialog = page.getByRole('dialog', { name: /Cypher AI Assistant/ })
  const input = dialog.getByRole('textbox', { name: 'Your question' })
  await input.fill('Is the fee monthly?')
  await input.press('Enter')
  const reply = dialog.getByTestId('chat-message-assistant').last()
  await expect(reply.getByRole('link', { name: 'Cloud & DevOps' })).toBeVisible()
  await expect(reply).toContainText('$1,500/month')
})

test('the assistant works from the keyboard alone', async ({ page }) => {
  await page.goto('/contact')
  const button = page.getByRole('button', { name: OPEN })
  await button.focus()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: /Cypher AI Assistant/ })
  const input = dialog.getByRole('textbox', { name: 'Your question' })
  await expect(input).toBeFocused()
  await page.keyboard.type('How do I start')
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.type('a project?')
  await expect(input).toHaveValue('How do I start\na project?')
  await page.keyboard.press('Enter')
  await expect(dialog.getByTestId('chat-message-assistant').last()).toContainText('Start Your Project')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()
})

test('the window is loaded on first use and fits a 360 px screen', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.setViewportSize({ width: 360, height: 640 })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts.some((url) => url.includes('assistant-window'))).toBe(false)

  await page.getByRole('button', { name: OPEN }).click()
  const dialog = page.getByRole('dialog', { name: /Cypher AI Assistant/ })
  await expect(dialog).toBeVisible()
  expect(scripts.some((url) => url.includes('assistant-window'))).toBe(true)
  await expect(dialog.getByText('from $1,500')).toBeVisible()

  const box = await page.locator('.mantine-Modal-content').boundingBox()
  expect(box).not.toBeNull()
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0)
  expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(360)
  expect(box?.height ?? 1000).toBeLessThanOrEqual(640)
})
