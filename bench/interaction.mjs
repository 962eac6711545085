// Interaction on a prerendered page (issue 17: "a click or a keypress on a prerendered page is never lost
// and is answered within 200 ms of the scripts arriving"). In Chromium with 4× CPU throttling, for each
// scenario: the page loads with its tiny entry, the app's scripts are held back (route interception),
// the visitor acts, the scripts are released, and the time from the release to the answer on screen is
// measured in the page (a requestAnimationFrame watcher: the first frame that shows the answer).
import { chromium } from 'playwright-core'
import { median } from './lighthouse.mjs'

export const CPU_SLOWDOWN = 4

/**
 * What the visitor does and what answers it. `answer` runs in the page (serialised by Playwright) and
 * says whether the answer is on screen.
 */
export const INTERACTION_SCENARIOS = [
  {
    name: '/ header link → /services',
    path: '/',
    act: (page) => page.locator('header nav[aria-label="Main"] a[href="/services"]').click(),
    answer: () =>
      location.pathname === '/services' &&
      (document.querySelector('h1')?.textContent ?? '').includes('Everything You Need'),
  },
  {
    name: '/ phone menu button',
    path: '/',
    viewport: { width: 390, height: 844 },
    act: (page) => page.locator('button[aria-label="Toggle navigation"]').click(),
    answer: () => {
      const menu = document.querySelector('nav[aria-label="Mobile"]')
      return menu !== null && menu.getBoundingClientRect().width > 0
    },
  },
  {
    name: '/services service link',
    path: '/services',
    act: (page) => page.locator('main a[href="/services/mobile-apps"]').first().click(),
    answer: () =>
      location.pathname === '/services/mobile-apps' &&
      document.querySelector('h1')?.textContent === 'Mobile Apps',
  },
  {
    name: '/login press email, type',
    path: '/login',
    act: async (page) => {
      const box = await page.locator('input[type="email"]').boundingBox()
      if (!box) throw new Error('/login: the email field has no box')
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      await page.keyboard.type('demo@example.com')
    },
    // The field shows the text from the first key; answered once React holds it (the form adopted).
    answer: () => {
      const form = document.querySelector('form[aria-label="Sign in"]')
      const email = document.querySelector('input[type="email"]')
      return (
        form !== null &&
        !form.hasAttribute('data-awaiting-app') &&
        email instanceof HTMLInputElement &&
        email.value === 'demo@example.com'
      )
    },
  },
]

/** Runs in the page: checks every frame until `answered()` holds, noting when hydration began. */
function watchAnswer(answered) {
  const state = { releasedAt: performance.now(), hydratingAt: NaN, answeredAt: NaN }
  window.__interactionBench = state
  const frame = () => {
    const now = performance.now()
    if (Number.isNaN(state.hydratingAt) && window.__cypherHydrating) state.hydratingAt = now
    if (answered()) state.answeredAt = now
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** Script paths the page's HTML names (the entry and what it imports): they are never held. */
async function entryScripts(baseUrl, path) {
  const html = await (await fetch(baseUrl + path)).text()
  return new Set(
    [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  )
}

async function measureOnce(browser, baseUrl, scenario, entry) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: scenario.viewport ?? { width: 1280, height: 800 },
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    let release = () => {}
    const released = new Promise((resolve) => (release = resolve))
    let held = 0
    await page.route('**/assets/*.js', async (route) => {
      if (!entry.has(new URL(route.request().url()).pathname)) {
        held += 1
        await released
      }
      await route.continue()
    })
    await page.goto(baseUrl + scenario.path, { waitUntil: 'load' })
    await scenario.act(page)
    // The visitor's action asked for the app: its scripts wait at the door.
    for (let i = 0; held === 0 && i < 200; i++) await page.waitForTimeout(25)
    if (held === 0) throw new Error(`${scenario.name}: the action did not ask for the app's scripts`)
    // One expression of source (the page's CSP forbids eval, so the answer's check cannot be handed
    // over as text to be compiled in the page).
    await page.evaluate(`(${watchAnswer.toString()})(${scenario.answer.toString()})`)
    release()
    // Scripts asked for from now on go straight to the server, not through this handler.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.waitForFunction(() => !Number.isNaN(window.__interactionBench?.answeredAt ?? NaN), null, {
      timeout: 60_000,
    })
    return await page.evaluate(() => {
      const state = window.__interactionBench
      // When the last of the held scripts had arrived (their responses end after the release).
      const arrived = performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js') && r.responseEnd > state.releasedAt)
        .reduce((latest, r) => Math.max(latest, r.responseEnd), state.releasedAt)
      return {
        answerMs: state.answeredAt - state.releasedAt,
        arrivedMs: arrived - state.releasedAt,
        hydratingMs: state.hydratingAt - state.releasedAt,
      }
    })
  } finally {
    await context.close()
  }
}

export async function interactionBench(baseUrl, { runs = 5, log = () => {} } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const results = []
  try {
    for (const scenario of INTERACTION_SCENARIOS) {
      const entry = await entryScripts(baseUrl, scenario.path)
      const measured = []
      for (let run = 0; run < runs; run++) {
        measured.push(await measureOnce(browser, baseUrl, scenario, entry))
        log(`  ${scenario.name} run ${run + 1}/${runs}: ${Math.round(measured.at(-1).answerMs)} ms`)
      }
      results.push({
        name: scenario.name,
        medianMs: median(measured.map((m) => m.answerMs)),
        maxMs: Math.max(...measured.map((m) => m.answerMs)),
        arrivedMs: median(measured.map((m) => m.arrivedMs)),
        hydratingMs: median(measured.map((m) => m.hydratingMs)),
      })
    }
  } finally {
    await browser.close()
  }
  return results
}

/** The results as a Markdown table (also printed). */
export function interactionTable(results) {
  const ms = (value) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`)
  return [
    '| page and action | answered (median) | answered (max) | scripts arrived (median) | hydration began (median) |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) => `| ${r.name} | ${ms(r.medianMs)} | ${ms(r.maxMs)} | ${ms(r.arrivedMs)} | ${ms(r.hydratingMs)} |`,
    ),
  ].join('\n')
}
