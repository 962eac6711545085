// First-load JavaScript of a page: every script the browser fetches until the network is idle,
// counted at its gzip size (ARCHITECTURE §9: at most 100 KB for a marketing page). A prerendered
// page starts the app on the visitor's first interaction (src/main.tsx), so a second figure counts
// what the page has fetched once the pointer has moved over it and the network is idle again.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { distDir } from '../scripts/build-state.mjs'

/** The pages of ARCHITECTURE §9's budget; /dashboard shows what a visitor of the portal pays. */
export const FIRST_LOAD_PAGES = ['/', '/services', '/projects', '/blog', '/login', '/dashboard']
export const MARKETING_BUDGET_KB = 100

export async function firstLoadJs(baseUrl, pages = FIRST_LOAD_PAGES) {
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
  const gzipKb = (scripts) => {
    let gzip = 0
    for (const script of scripts) {
      gzip += gzipSync(readFileSync(path.join(distDir, 'web', script)), { level: 9 }).length
    }
    return gzip / 1024
  }
  const results = []
  for (const pagePath of pages) {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const scripts = new Set()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.pathname.endsWith('.js') && url.origin === new URL(baseUrl).origin) scripts.add(url.pathname)
    })
    await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' })
    const first = { scripts: scripts.size, gzipKb: gzipKb(scripts) }
    const finalPath = new URL(page.url()).pathname
    await page.mouse.move(100, 100)
    await page.mouse.move(120, 140)
    await page.waitForLoadState('networkidle')
    // networkidle is already reached once: wait until no new script has arrived for half a second.
    for (let seen = -1; seen !== scripts.size;) {
      seen = scripts.size
      await page.waitForTimeout(500)
    }
    results.push({
      page: pagePath,
      finalPath,
      ...first,
      interactedScripts: scripts.size,
      interactedGzipKb: gzipKb(scripts),
    })
    await context.close()
  }
  await browser.close()
  return results
}
