// First-load JavaScript of a page: every script the browser fetches until the network is idle,
// counted at its gzip size (ARCHITECTURE §9: at most 170 KB for /).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { distDir } from '../scripts/build-state.mjs'

export async function firstLoadJs(baseUrl, pages = ['/', '/services', '/login', '/dashboard']) {
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
    let gzip = 0
    for (const script of scripts) {
      const file = path.join(distDir, 'web', script)
      gzip += gzipSync(readFileSync(file), { level: 9 }).length
    }
    results.push({
      page: pagePath,
      finalPath: new URL(page.url()).pathname,
      scripts: scripts.size,
      gzipKb: gzip / 1024,
    })
    await context.close()
  }
  await browser.close()
  return results
}
