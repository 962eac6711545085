// What the offline app costs in bytes (issue 16's note): a visitor's first visit to `/` with the
// service worker's precache, and what the worker stores for a signed-in client (and for staff, whose
// console code only staff get). Transfer sizes are as sent (compressed), stored sizes as kept.
import { chromium } from 'playwright-core'

const print = (line) => process.stdout.write(`${line}\n`)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** Sums every response this context receives from the site, the service worker's own fetches included. */
function countBytes(context, origin) {
  const total = { bytes: 0, requests: 0 }
  context.on('requestfinished', async (request) => {
    if (!request.url().startsWith(origin)) return
    const sizes = await request.sizes().catch(() => null)
    if (!sizes) return
    total.bytes += sizes.responseBodySize + sizes.responseHeadersSize
    total.requests += 1
  })
  return total
}

async function settle(page, counter) {
  // Until nothing more arrives for a second (the worker fetches after the page is idle).
  for (let seen = -1; seen !== counter.requests;) {
    seen = counter.requests
    await page.waitForTimeout(1000)
  }
}

async function stored(page) {
  return page.evaluate(async () => {
    let bytes = 0
    let files = 0
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request, { ignoreVary: true })
        if (response) bytes += (await response.arrayBuffer()).byteLength
        files += 1
      }
    }
    return { bytes, files }
  })
}

async function signedIn(browser, baseUrl, email, password) {
  const context = await browser.newContext()
  const counter = countBytes(context, baseUrl)
  const page = await context.newPage()
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/(dashboard|staff)/)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await settle(page, counter)
  const result = { transferred: counter.bytes, requests: counter.requests, ...(await stored(page)) }
  await context.close()
  return result
}

export async function offlineBytes(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const context = await browser.newContext()
    const counter = countBytes(context, baseUrl)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    // A prerendered page starts the app (and the worker's registration) on the visitor's first use.
    await page.mouse.move(100, 100)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await settle(page, counter)
    const visitor = { transferred: counter.bytes, requests: counter.requests, ...(await stored(page)) }
    await context.close()
    const client = await signedIn(browser, baseUrl, 'demo@example.com', 'DemoPass!2026')
    const staff = await signedIn(browser, baseUrl, 'staff@example.com', 'StaffPass!2026')
    return { visitor, client, staff }
  } finally {
    await browser.close()
  }
}

export function printOfflineBytes({ visitor, client, staff }) {
  print('\nOffline app in bytes (transferred as sent, stored as kept by the service worker)')
  const line = (label, r) =>
    print(
      `  ${label.padEnd(44)} ${kb(r.transferred).padStart(10)} in ${String(r.requests).padStart(3)} requests; stored ${r.files} files, ${kb(r.bytes)}`,
    )
  line('first visit to / (page + worker precache)', visitor)
  line('signed-in client: sign-in + all portal code', client)
  line('staff: sign-in + portal and console code', staff)
}
