import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isServerOnlyPath } from '@/contract/server-paths'
import { createRouteAssetLookup, renderAppShell, type RouteAssets } from '../lib/app-shell'
import { createPageRenderer } from '../lib/page-renderer'

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a browser navigation with the app shell; false when the path is not an app route. */
    serveAppShell: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
  }
}

const brotli = promisify(brotliCompress)
const gzip = promisify(gzipCallback)
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }

function pickEncoding(accepted: string | undefined): 'br' | 'gzip' | null {
  if (!accepted) return null
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return null
}

/** Serves the built renderer: hashed assets cached for a year, the shell and service worker never cached. */
export default fp<{ root: string; publicUrl: string }>(
  async (app, { root, publicUrl }) => {
    const indexPath = path.join(root, 'index.html')
    if (!existsSync(indexPath)) {
      app.log.warn({ root }, 'no web build found; serving the API only (run `npm run build:web`)')
      app.decorate('serveAppShell', async () => false)
      return
    }
    const template = await readFile(indexPath, 'utf8')
    // Public pages rendered at build time (scripts/prerender.mjs), keyed by path.
    const prerenderedPath = path.join(root, '..', 'prerendered.json')
    const prerendered: Record<string, string> = existsSync(prerenderedPath)
      ? JSON.parse(await readFile(prerenderedPath, 'utf8'))
      : {}
    // Each page's own stylesheets, named in its head so a prerendered page paints styled once.
    const routeAssetsPath = path.join(root, '..', 'route-assets.json')
    const routeAssets = createRouteAssetLookup(
      existsSync(routeAssetsPath)
        ? (JSON.parse(await readFile(routeAssetsPath, 'utf8')) as Record<string, RouteAssets>)
        : {},
    )

    // Pages whose first screen is data, rendered per request with the build's rendering bundle.
    const pageRenderer = createPageRenderer(app, path.join(root, '..', 'prerender', 'prerender.js'), app.log)
    app.addHook('onReady', async () => pageRenderer.warm())

    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // Compressed copies written at build time are sent to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath).split(path.sep).join('/')
        if (relative.startsWith('assets/')) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable')
        } else if (
          /^(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest|workbox-[^/]+\.js)$/.test(relative)
        ) {
          reply.header('Cache-Control', 'no-cache')
        } else {
          reply.header('Cache-Control', 'public, max-age=86400')
        }
      },
    })

    app.decorate('serveAppShell', async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://x')
      if (request.method !== 'GET' && request.method !== 'HEAD') return false
      // The API and server-owned pages keep their own 404s; a missing file is a real 404, not an app route.
      if (isServerOnlyPath(url.pathname)) return false
      const rendered = await pageRenderer.page(url.pathname, url.search)
      const html = await renderAppShell(
        template,
        url.pathname,
        publicUrl,
        app.seo.resolvers,
        request.log,
        prerendered,
        routeAssets(url.pathname),
        rendered,
      )
      reply.status(200).header('Cache-Control', 'no-cache').header('Content-Type', 'text/html; charset=utf-8')
      // The not-found path is outside @fastify/compress's routes: the shell is compressed here.
      const encoding = pickEncoding(request.headers['accept-encoding'])
      if (encoding) {
        reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding')
        reply.send(encoding === 'br' ? await brotli(html, BROTLI_OPTIONS) : await gzip(html))
      } else {
        reply.send(html)
      }
      return true
    })
  },
  { name: 'web', dependencies: ['seo'] },
)
