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
          const result = await lighthouse(
            baseUrl + page,
            { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
            preset === 'desktop' ? desktopConfig : undefined,
          )
          if (!result) throw new Error(`Lighthouse gave no result for ${page}`)
          if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`)
          collected.push(figures(result.lhr))
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
