// Interaction on a prerendered page (issue 17: "a click or a keypress on a prerendered page is never lost
// and is answered within 200 ms of the scripts arriving"). In Chromium with 4× CPU throttling, for each
// scenario: the page loads with its tiny entry, the app's scripts are held back (route interception),
// the visitor acts, the scripts are released, and two moments are timed from the release, in the page
// (a requestAnimationFrame watcher installed in every document, so a navigation is followed): the
// first frame that answers the action (the new page, the open menu, the text in the field, the button
// showing it took the press) and the frame that shows its result (for a sign-in, the dashboard). An
// answer before the release came without the app's scripts.
import { chromium } from 'playwright-core'
import { median } from './lighthouse.mjs'

export const CPU_SLOWDOWN = 4

/**
 * What the visitor does, what answers it and what shows the result (`done`, the answer unless given).
 * `answer` and `done` run in the page (serialised by Playwright).
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
    answer: () => document.querySelector('input[type="email"]')?.value === 'demo@example.com',
    // React holds the text: the sign-in form is adopted.
    done: () => {
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
  {
    name: '/login sign in with Enter',
    path: '/login',
    act: async (page) => {
      await page.locator('input[type="email"]').click()
      await page.keyboard.type('demo@example.com')
      await page.locator('input[type="password"]').click()
      await page.keyboard.type('DemoPass!2026')
      await page.keyboard.press('Enter')
    },
    // The sign-in button shows the request is on its way (held before the app, the app's own after).
    answer: () =>
      document.documentElement.hasAttribute('data-submit-held') ||
      document.querySelector('form[aria-label="Sign in"] button[type="submit"][data-loading]') !== null ||
      location.pathname === '/dashboard',
    done: () => location.pathname === '/dashboard' && document.querySelector('h1') !== null,
  },
  {
    name: '/services/mobile-apps assistant button',
    path: '/services/mobile-apps',
    act: (page) => page.locator('button[aria-label="Open the Cypher AI Assistant"]').click(),
    // The button shows it took the press until the app opens the assistant.
    answer: () =>
      document.querySelector('button[aria-label="Open the Cypher AI Assistant"][data-early-press]') !==
        null || document.querySelector('[role="dialog"]') !== null,
    done: () => document.querySelector('[role="dialog"]') !== null,
  },
]

/** Runs in every document of the page: notes (as wall-clock ms) the first frame of each moment. */
function watchAnswer(answered, done) {
  const now = () => performance.timeOrigin + performance.now()
  const state = { answeredAt: NaN, doneAt: NaN, hydratingAt: NaN }
  window.__interactionBench = state
  // The visitor's first press or key, as the page saw it (kept across a navigation in this tab).
  const acted = 'interaction-bench-acted-at'
  const noteAction = () => sessionStorage.getItem(acted) ?? sessionStorage.setItem(acted, String(now()))
  addEventListener('pointerdown', noteAction, true)
  addEventListener('keydown', noteAction, true)
  const frame = () => {
    if (Number.isNaN(state.hydratingAt) && window.__cypherHydrating) state.hydratingAt = now()
    if (Number.isNaN(state.answeredAt) && answered()) state.answeredAt = now()
    if (Number.isNaN(state.doneAt) && done()) state.doneAt = now()
    if (Number.isNaN(state.doneAt)) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** The watcher's state in the page's current document; null while a navigation replaces it. */
async function watched(page) {
  try {
    return await page.evaluate(() => ({
      ...window.__interactionBench,
      actedAt: Number(sessionStorage.getItem('interaction-bench-acted-at') ?? NaN),
      at: performance.timeOrigin + performance.now(),
    }))
  } catch {
    return null
  }
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

async function measureOnce(browser, baseUrl, scenario, entry, run) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: scenario.viewport ?? { width: 1280, height: 800 },
    // The bench's server trusts the proxy header: each run signs in from its own address, under the
    // sign-in limit.
    extraHTTPHeaders: { 'x-forwarded-for': `10.17.${Math.floor(run / 250)}.${(run % 250) + 1}` },
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
    // One expression of source (the page's CSP forbids eval, so the checks cannot be handed over as
    // text to be compiled in the page); installed before any of the page's own scripts, in every
    // document the visitor opens.
    const done = scenario.done ?? scenario.answer
    await page.addInitScript(`(${watchAnswer.toString()})(${scenario.answer.toString()}, ${done.toString()})`)
    await page.goto(baseUrl + scenario.path, { waitUntil: 'load' })
    await scenario.act(page)
    // The visitor's action asked for the app (its scripts wait at the door), or was answered without it.
    for (let i = 0; held === 0 && i < 200; i++) {
      if (!Number.isNaN((await watched(page))?.answeredAt ?? NaN)) break
      await page.waitForTimeout(25)
    }
    const releasedAt = (await watched(page))?.at ?? Date.now()
    release()
    // Scripts asked for from now on go straight to the server, not through this handler.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    let state = null
    for (const started = Date.now(); Date.now() - started < 60_000; await page.waitForTimeout(50)) {
      state = await watched(page)
      if (state && !Number.isNaN(state.doneAt ?? NaN)) break
    }
    if (!state || Number.isNaN(state.doneAt ?? NaN))
      throw new Error(`${scenario.name}: no result within 60 s`)
    // When the last of the held scripts had arrived (their responses end after the release; none in a
    // document the visitor navigated to before the release).
    const arrivedAt = await page.evaluate(
      (releasedAt) =>
        performance
          .getEntriesByType('resource')
          .filter((r) => r.name.endsWith('.js') && performance.timeOrigin + r.responseEnd > releasedAt)
          .reduce((latest, r) => Math.max(latest, performance.timeOrigin + r.responseEnd), releasedAt),
      releasedAt,
    )
    return {
      answerMs: state.answeredAt - releasedAt,
      fromActionMs: state.answeredAt - state.actedAt,
      doneMs: state.doneAt - releasedAt,
      arrivedMs: arrivedAt - releasedAt,
      hydratingMs: state.hydratingAt - releasedAt,
    }
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
  let runCount = 0
  try {
    for (const scenario of INTERACTION_SCENARIOS) {
      const entry = await entryScripts(baseUrl, scenario.path)
      const measured = []
      for (let run = 0; run < runs; run++) {
        measured.push(await measureOnce(browser, baseUrl, scenario, entry, (runCount += 1)))
        const last = measured.at(-1)
        log(
          `  ${scenario.name} run ${run + 1}/${runs}: answered ${since(last.answerMs)}, result ${since(last.doneMs)}`,
        )
      }
      results.push({
        name: scenario.name,
        medianMs: median(measured.map((m) => m.answerMs)),
        maxMs: Math.max(...measured.map((m) => m.answerMs)),
        fromActionMs: median(measured.map((m) => m.fromActionMs)),
        doneMs: median(measured.map((m) => m.doneMs)),
        arrivedMs: median(measured.map((m) => m.arrivedMs)),
        hydratingMs: median(measured.map((m) => m.hydratingMs)),
      })
    }
  } finally {
    await browser.close()
  }
  return results
}

/** A time from the release of the scripts: an answer before it came without them. */
export function since(value) {
  if (Number.isNaN(value)) return '–'
  return value <= 0 ? 'before the scripts' : `${Math.round(value)} ms`
}

/** The results as a Markdown table (also printed). */
export function interactionTable(results) {
  return [
    '| page and action | answered (median) | answered (max) | answered after the first press or key (median) | result shown (median) | scripts arrived (median) | hydration began (median) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${since(r.medianMs)} | ${since(r.maxMs)} | ${Math.round(r.fromActionMs)} ms | ${since(r.doneMs)} | ${r.arrivedMs > 0 ? since(r.arrivedMs) : '–'} | ${since(r.hydratingMs)} |`,
    ),
  ].join('\n')
}
