// Bundles the API server into dist/server/server.mjs (dependencies stay in node_modules) and copies
// the SQL migrations and the embedded database's worker beside it.
import { cp, rm, symlink } from 'node:fs/promises'
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
// The embedded database's worker thread is started from its own file, found beside the bundle.
await cp(path.join(root, 'server/db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'))
// A build folder outside the repository (CYPHER_DIST=/tmp/...) still resolves the repository's packages.
const distRoot = path.dirname(out)
if (path.relative(root, distRoot).startsWith('..')) {
  await rm(path.join(distRoot, 'node_modules'), { force: true, recursive: true })
  await symlink(path.join(root, 'node_modules'), path.join(distRoot, 'node_modules'), 'dir')
}
console.log(`built ${path.relative(root, out) || out}/server.mjs`)
