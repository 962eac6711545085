import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** docs/decisions/: one short file per area, an index that names them all (issue 26). */
const dir = path.resolve(import.meta.dirname, '../../docs/decisions')
const areaFiles = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')

describe('docs/decisions', () => {
  it('keeps every file under 30 KB', () => {
    for (const name of [...areaFiles, 'README.md']) {
      expect(statSync(path.join(dir, name)).size, name).toBeLessThan(30_000)
    }
  })

  it('has one index that links every area file, and no single decisions.md beside it', () => {
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8')
    expect(index).toContain('A decision is a few lines: what we chose and why.')
    for (const name of areaFiles) expect(index, name).toContain(`](${name})`)
    for (const [, link = ''] of index.matchAll(/\]\(([a-z-]+\.md)\)/g)) {
      expect(existsSync(path.join(dir, link)), link).toBe(true)
    }
    expect(existsSync(path.resolve(dir, '../decisions.md'))).toBe(false)
  })
})
