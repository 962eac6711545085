// Renders the PWA, desktop and link-preview images from SVG with the machine's Chromium. Run by hand
// after changing the logo (`node scripts/make-icons.mjs`); the PNGs are committed.
import { writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const shield = (size, padding) => {
  const s = size - padding * 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="#0b1120"/>
  <g transform="translate(${padding} ${padding}) scale(${s / 32})">
    <path d="M16 2 4 7v8c0 7.7 5.1 13.3 12 15 6.9-1.7 12-7.3 12-15V7L16 2Z" fill="#0f1728" stroke="#09eb97" stroke-width="1.6"/>
    <path d="m10.5 16 4 4 7-8" fill="none" stroke="#09eb97" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
  </g></svg>`
}

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b1120"/>
  <g transform="translate(90 180) scale(7.5)">
    <path d="M16 2 4 7v8c0 7.7 5.1 13.3 12 15 6.9-1.7 12-7.3 12-15V7L16 2Z" fill="#0f1728" stroke="#09eb97" stroke-width="1.4"/>
    <path d="m10.5 16 4 4 7-8" fill="none" stroke="#09eb97" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <text x="400" y="300" font-family="Helvetica, Arial, sans-serif" font-size="96" font-weight="800" fill="#f4f7fb">Cypher</text>
  <text x="404" y="372" font-family="Helvetica, Arial, sans-serif" font-size="38" fill="#09eb97">Smart. Secure. Scalable Digital Solutions.</text>
</svg>`

const targets = [
  ['public/icons/icon-192.png', shield(192, 24), 192, 192],
  ['public/icons/icon-512.png', shield(512, 64), 512, 512],
  // Maskable icons keep the logo inside the central 80% safe zone.
  ['public/icons/icon-maskable-512.png', shield(512, 120), 512, 512],
  ['resources/icon.png', shield(512, 64), 512, 512],
  ['public/og-image.png', og, 1200, 630],
]

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()
for (const [file, svg, width, height] of targets) {
  await page.setViewportSize({ width, height })
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`)
  await writeFile(file, await page.screenshot({ clip: { x: 0, y: 0, width, height } }))
  console.log('wrote', file)
}
await browser.close()
