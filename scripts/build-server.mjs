// Bundles the API server into dist/server/server.mjs (dependencies stay in node_modules) and copies
// the SQL migrations beside it.
import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(path.resolve(root, process.env.CYPHER_DIST ?? 'dist'), 'server')

await rm(out, { recursive: true, force: true })
await build({
  entryPoints: { server: path.join(root, 'server/server.ts') },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  alias: { '@': path.join(root, 'src') },
  logLevel: 'warning',
})
await cp(path.join(root, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true })
console.log('built dist/server/server.mjs')
