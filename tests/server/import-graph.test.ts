import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCircles, importGraph } from '../../scripts/import-graph'

/**
 * docs/conventions.md's floors on the import graph, type-only imports included (issue 26): no circle
 * spans two folders, and an adapter's implementations take their types from its types.ts, never from
 * the index that chooses between them.
 */
const root = path.resolve(__dirname, '../..')

describe('import graph', () => {
  it('has no import circle that spans two folders', () => {
    const across = importCircles(importGraph(root), root).filter((circle) => circle.folders.length > 1)
    expect(across).toEqual([])
  }, 120_000)

  it("has every adapter's implementations import its types.ts, not its index", async () => {
    const adapters = path.join(root, 'server/adapters')
    const offenders: string[] = []
    for (const entry of await readdir(adapters, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name === 'index.ts') continue
      const file = path.join(entry.parentPath, entry.name)
      const text = await readFile(file, 'utf8')
      if (/from '\.\.?(?:\/index)?'/.test(text)) offenders.push(path.relative(root, file))
    }
    expect(offenders).toEqual([])
  })

  describe('on planted files', () => {
    let probe: string
    beforeAll(async () => {
      probe = await mkdtemp(path.join(tmpdir(), 'import-graph-probe-'))
      await mkdir(path.join(probe, 'a'))
      await mkdir(path.join(probe, 'b'))
      await writeFile(
        path.join(probe, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' },
          include: ['.'],
        }),
      )
    })
    afterAll(() => rm(probe, { recursive: true, force: true }))

    /** Writes a/one.ts and b/two.ts and answers the probe's circles. */
    async function circlesOf(one: string, two: string) {
      await writeFile(path.join(probe, 'a/one.ts'), one)
      await writeFile(path.join(probe, 'b/two.ts'), two)
      return importCircles(importGraph(probe), probe)
    }

    it('finds a circle that only type imports close, across two folders', async () => {
      const circles = await circlesOf(
        "import { two } from '../b/two'\nexport type One = { n: number }\nexport const one = two\n",
        "import type { One } from '../a/one'\nexport const two = (o: One) => o.n\n",
      )
      expect(circles).toEqual([{ files: ['a/one.ts', 'b/two.ts'], folders: ['a', 'b'] }])
    })

    it('finds none once the type lives beside its user', async () => {
      const circles = await circlesOf(
        "import { two } from '../b/two'\nexport const one = two\n",
        'export type One = { n: number }\nexport const two = (o: One) => o.n\n',
      )
      expect(circles).toEqual([])
    })
  })
})
