// The portal dashboard rendered from the offline cache: sign in online, open the dashboard, go offline,
// reload, and time from the start of the reload until the dashboard shows (ARCHITECTURE §9: within 1 s).
import { chromium } from 'playwright-core'

export async function offlineDashboard(baseUrl, { runs = 5 } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Email').fill('demo@example.com')
  await page.getByLabel(/^Password/).fill('DemoPass!2026')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/dashboard/)
  await page.getByTestId('stat-Total Apps').waitFor()
  await page.evaluate(() => navigator.serviceWorker.ready)
  // Give the persister (throttled to 1 s) time to write the cache.
  await page.waitForTimeout(2000)
  await context.setOffline(true)
  const times = []
  for (let i = 0; i < runs; i++) {
    const started = Date.now()
    await page.reload({ waitUntil: 'commit' })
    // The stat cards hold data from the cached overview, not just the page frame.
    await page.getByTestId('stat-Total Apps').filter({ hasText: /\d/ }).waitFor({ timeout: 10_000 })
    times.push(Date.now() - started)
  }
  await browser.close()
  times.sort((a, b) => a - b)
  return { runs, medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1] }
}
