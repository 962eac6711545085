// Renders the public pages that need no data to HTML at build time (src/prerender.tsx), after the web
// build. The server puts each page's HTML into #root, so it paints before any JavaScript has run.
// The rendering bundle (dist/prerender/prerender.js) is kept for the server, which renders the pages
// whose first screen is data per request with the same code.
import { spawnSync } from 'node:child_process'
import { readFile, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { distDir, root } from './build-state.mjs'

const build = spawnSync('npx', ['vite', 'build', '--ssr', 'src/prerender.tsx', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

const started = Date.now()
const entry = path.join(distDir, 'prerender', 'prerender.js')
// The SSR bundle imports its packages by name. A build folder outside the repository
// (CYPHER_DIST=/tmp/...) has no node_modules above it, so it borrows the repository's for the run.
const borrowed = path.relative(root, distDir).startsWith('..') ? path.join(distDir, 'node_modules') : null
if (borrowed) {
  await rm(borrowed, { force: true })
  await symlink(path.join(root, 'node_modules'), borrowed, 'dir')
}
const { PRERENDERED_PATHS, renderPage, pageAssets } = await import(pathToFileURL(entry).href)

// The server names each page's own stylesheets in its head (server/lib/app-shell.ts). The
// manifest itself is build metadata: it leaves the public folder.
const manifestDir = path.join(distDir, 'web', '.vite')
const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8'))
await writeFile(path.join(distDir, 'route-assets.json'), JSON.stringify(pageAssets(manifest)))
await rm(manifestDir, { recursive: true, force: true })

const pages = {}
for (const page of PRERENDERED_PATHS) pages[page] = await renderPage(page)
await writeFile(path.join(distDir, 'prerendered.json'), JSON.stringify(pages))
// The bundle stays: the server renders the pages whose first screen is data with it, per request
// (DATA_RENDERED_PATHS, server/plugins/web.ts).
if (borrowed) await rm(borrowed, { force: true })
console.log(`prerendered ${PRERENDERED_PATHS.length} pages in ${Date.now() - started} ms`)
// The rendered app leaves timers behind (query cache garbage collection); the work is done.
process.exit(0)
