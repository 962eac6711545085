// Lighthouse (ARCHITECTURE §9): each page several times in the mobile and desktop presets, the medians
// of the performance score, LCP, TBT and CLS, the other categories' scores, and the machine's
// benchmarkIndex (Lighthouse's CPU yardstick, so figures from different machines can be compared).
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'

export const LIGHTHOUSE_PAGES = ['/', '/services', '/projects', '/blog', '/login']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The figures of one Lighthouse result (lhr). */
export function figures(lhr) {
  const score = (id) => (lhr.categories[id]?.score ?? NaN) * 100
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  }
}

/** Medians of each figure over runs, plus the runs' performance scores as they came. */
export function summarise(runs) {
  const keys = Object.keys(runs[0] ?? {})
  return {
    ...Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))])),
    scores: runs.map((r) => r.performance),
  }
}

/** Lighthouse's runtime errors that say the trace was unusable (no navigation start, no paint seen),
 * not that the page failed: the run is measured again, at most this many times. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT'])
const MAX_ATTEMPTS = 3

/** One Lighthouse run of `url`; a run whose trace was unusable is measured again, any other error stops. */
export async function measureOnce(url, port, preset, onRetry = () => {}, run = lighthouse) {
  for (let attempt = 1; ; attempt++) {
    const result = await run(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const error = result.lhr.runtimeError
    if (!error) return result.lhr
    if (!RETRIED_ERRORS.has(error.code) || attempt >= MAX_ATTEMPTS)
      throw new Error(`${url}: ${error.code ?? ''} ${error.message}`)
    onRetry(`${error.code} (attempt ${attempt} of ${MAX_ATTEMPTS})`)
  }
}

export async function lighthouseBench(
  baseUrl,
  { runs = 5, pages = LIGHTHOUSE_PAGES, presets = ['mobile', 'desktop'], log = () => {} } = {},
) {
  const port = 9200 + Math.floor(Math.random() * 700)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  })
  const results = []
  try {
    for (const preset of presets) {
      for (const page of pages) {
        const collected = []
        for (let run = 0; run < runs; run++) {
          const lhr = await measureOnce(baseUrl + page, port, preset, (message) =>
            log(`  ${preset} ${page} run ${run + 1}/${runs}: ${message}, measured again`),
          )
          collected.push(figures(lhr))
          const last = collected.at(-1)
          log(
            `  ${preset} ${page} run ${run + 1}/${runs}: performance ${last.performance}, LCP ${(last.lcpMs / 1000).toFixed(2)} s, TBT ${last.tbtMs.toFixed(0)} ms, CLS ${last.cls.toFixed(3)}, benchmarkIndex ${last.benchmarkIndex.toFixed(0)}`,
          )
        }
        results.push({ preset, page, runs, ...summarise(collected) })
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

/** The results as a Markdown table. */
export function lighthouseTable(results) {
  const rows = results.map(
    (r) =>
      `| ${r.preset} | ${r.page} | ${r.performance.toFixed(0)} (${r.scores.map((s) => s.toFixed(0)).join(', ')}) | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${r.accessibility.toFixed(0)} / ${r.bestPractices.toFixed(0)} / ${r.seo.toFixed(0)} | ${r.benchmarkIndex.toFixed(0)} |`,
  )
  return [
    '| preset | page | performance, median (runs) | LCP | TBT | CLS | a11y / best practices / SEO | benchmarkIndex |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}
