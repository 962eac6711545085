import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The floors of docs/conventions.md hold only if lint sees through them. Each case plants files in a
 * temporary folder inside server/ (so the project's own configuration applies) and lints them.
 */
const root = path.resolve(__dirname, '../..')
let dir: string
let moduleDir: string
let eslint: ESLint

beforeAll(async () => {
  dir = await mkdtemp(path.join(root, 'server/lib/.lint-probe-'))
  moduleDir = await mkdtemp(path.join(root, 'server/modules/.lint-probe-'))
  eslint = new ESLint({ cwd: root })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  await rm(moduleDir, { recursive: true, force: true })
})

async function ruleIds(files: Record<string, string>, lint: string, where = dir): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(where, name), text)
  const [result] = await eslint.lintFiles([path.join(where, lint)])
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

describe('lint floors', () => {
  it('reports a plain two-file import loop', async () => {
    const ids = await ruleIds(
      {
        'loop-a.ts': "import { b } from './loop-b'\nexport const a = (): number => b() + 1\n",
        'loop-b.ts': "import { a } from './loop-a'\nexport const b = (): number => (a() > 0 ? 0 : 1)\n",
      },
      'loop-a.ts',
    )
    expect(ids).toContain('import-x/no-cycle')
  }, 60_000)

  it('passes the same two files once the loop is broken', async () => {
    const ids = await ruleIds(
      {
        'line-a.ts': "import { b } from './line-b'\nexport const a = (): number => b() + 1\n",
        'line-b.ts': 'export const b = (): number => 1\n',
      },
      'line-a.ts',
    )
    expect(ids).toEqual([])
  }, 60_000)

  it('refuses seed data in product code', async () => {
    const ids = await ruleIds({ 'seeded.ts': "export { seedDemo } from '../../db/seed/seed'\n" }, 'seeded.ts')
    expect(ids).toContain('import-x/no-restricted-paths')
  }, 60_000)

  it('keeps queries in repository files: a module file may not import drizzle values', async () => {
    const query = "import { eq } from 'drizzle-orm'\nexport const same = (a: never, b: never) => eq(a, b)\n"
    expect(await ruleIds({ 'rules.ts': query }, 'rules.ts', moduleDir)).toContain('no-restricted-imports')
    expect(await ruleIds({ 'repository.ts': query }, 'repository.ts', moduleDir)).toEqual([])
    const typeOnly = "import type { SQL } from 'drizzle-orm'\nexport type Where = SQL\n"
    expect(await ruleIds({ 'types.ts': typeOnly }, 'types.ts', moduleDir)).toEqual([])
  }, 60_000)
})
