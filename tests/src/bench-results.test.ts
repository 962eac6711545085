import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript bench code without type declarations
import { figures, measureOnce, median, summarise } from '../../bench/lighthouse.mjs'
// @ts-expect-error: plain JavaScript bench code without type declarations
import { interactionTable, since } from '../../bench/interaction.mjs'
// @ts-expect-error: plain JavaScript bench code without type declarations
import { recordSection } from '../../bench/lib/results.mjs'

describe('bench results file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-results-'))
  const files = { latest: path.join(dir, 'latest.md'), previous: path.join(dir, 'previous.md') }
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps one section per bench and moves the replaced run to previous.md', () => {
    recordSection('Lighthouse', 'run 1', files)
    recordSection('API', 'api run 1', files)
    recordSection('Lighthouse', 'run 2', files)
    const latest = readFileSync(files.latest, 'utf8')
    expect(latest).toContain('## Lighthouse\n\nrun 2')
    expect(latest).toContain('## API\n\napi run 1')
    expect(latest).not.toContain('run 1\n\n## ')
    const previous = readFileSync(files.previous, 'utf8')
    expect(previous).toContain('## Lighthouse\n\nrun 1')
    expect(previous).not.toContain('API')
  })
})

describe('Lighthouse figures', () => {
  it('takes the median of odd and even counts and skips missing values', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([NaN, 5])).toBe(5)
  })

  it('reads the scores and metrics of a result and summarises runs by their medians', () => {
    const lhr = (performance: number, tbt: number) => ({
      categories: {
        performance: { score: performance },
        accessibility: { score: 1 },
        'best-practices': { score: 1 },
        seo: { score: 1 },
      },
      audits: {
        'largest-contentful-paint': { numericValue: 1500 },
        'total-blocking-time': { numericValue: tbt },
        'cumulative-layout-shift': { numericValue: 0.01 },
      },
      environment: { benchmarkIndex: 1200 },
    })
    const runs = [figures(lhr(0.9, 300)), figures(lhr(0.99, 50)), figures(lhr(0.95, 100))]
    expect(runs[0]).toMatchObject({ performance: 90, accessibility: 100, lcpMs: 1500, tbtMs: 300 })
    expect(summarise(runs)).toMatchObject({
      performance: 95,
      tbtMs: 100,
      benchmarkIndex: 1200,
      scores: [90, 99, 95],
    })
  })

  describe('a run whose trace was unusable', () => {
    const answer = (runtimeError?: { code: string; message: string }) => ({
      lhr: { runtimeError, id: Math.random() },
    })
    const noNavStart = { code: 'NO_NAVSTART', message: 'No navigationStart event found' }

    it('is measured again, and the good run is the one kept', async () => {
      const answers = [answer(noNavStart), answer()]
      const retries: string[] = []
      const lhr = await measureOnce(
        'http://x/',
        1,
        'desktop',
        (m: string) => retries.push(m),
        async () => answers.shift(),
      )
      expect(lhr).toMatchObject({ runtimeError: undefined })
      expect(answers).toHaveLength(0)
      expect(retries).toEqual(['NO_NAVSTART (attempt 1 of 3)'])
    })

    it('stops the bench after three unusable traces, and at once on an error of the page', async () => {
      let calls = 0
      const always = async () => {
        calls++
        return answer(noNavStart)
      }
      await expect(measureOnce('http://x/', 1, 'mobile', () => {}, always)).rejects.toThrow(/NO_NAVSTART/)
      expect(calls).toBe(3)
      calls = 0
      const pageError = async () => {
        calls++
        return answer({ code: 'ERRORED_DOCUMENT_REQUEST', message: 'status code 500' })
      }
      await expect(measureOnce('http://x/', 1, 'mobile', () => {}, pageError)).rejects.toThrow(
        /ERRORED_DOCUMENT_REQUEST/,
      )
      expect(calls).toBe(1)
    })
  })
})

describe('interaction figures', () => {
  it('prints an answer at or before the release of the scripts as answered without them', () => {
    expect(since(148.4)).toBe('148 ms')
    expect(since(0)).toBe('before the scripts')
    expect(since(-320)).toBe('before the scripts')
    expect(since(NaN)).toBe('–')
  })

  it('tabulates answer (from the release and from the action), result, arrival and hydration, with no arrival when no script came after the release', () => {
    const table = interactionTable([
      {
        name: '/ header link',
        medianMs: -5,
        maxMs: 150,
        fromActionMs: 412.6,
        doneMs: -5,
        arrivedMs: 0,
        hydratingMs: NaN,
      },
      {
        name: '/login sign in',
        medianMs: -1,
        maxMs: -1,
        fromActionMs: 230,
        doneMs: 2821,
        arrivedMs: 900,
        hydratingMs: 849,
      },
    ])
    const rows = table.split('\n')
    expect(rows[2]).toBe(
      '| / header link | before the scripts | 150 ms | 413 ms | before the scripts | – | – |',
    )
    expect(rows[3]).toBe(
      '| /login sign in | before the scripts | before the scripts | 230 ms | 2821 ms | 900 ms | 849 ms |',
    )
  })
})
