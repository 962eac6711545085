import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

/** What the build's rendering bundle (dist/prerender/prerender.js, from src/prerender.tsx) offers the server. */
interface RenderingBundle {
  DATA_RENDERED_PATHS: string[]
  renderPageWithData: (
    url: string,
    api: (url: string, init: RequestInit) => Promise<Response>,
  ) => Promise<{ html: string; state: unknown }>
}

/** A page rendered with its data: the HTML for #root and the query state the browser hydrates with. */
export interface RenderedPage {
  html: string
  /** JSON of the dehydrated query cache, safe inside a `<script type="application/json">`. */
  data: string
}

/** A rendered page is served again for this long: a new post or project shows within it. */
export const RENDERED_PAGE_TTL_MS = 10_000
/** Distinct addresses (path and query) kept; searches make the set open-ended. */
export const RENDERED_PAGE_ENTRIES = 200

/** JSON that cannot close the script element it sits in (`</script>`, `<!--`). */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname

/**
 * Renders the public pages whose first screen is data (/projects, /blog) per request, with the same
 * rendering bundle the build prerenders the other pages with. Their API calls are answered in-process
 * (`app.inject`: the same routes, caches and checks a browser meets, without a network round trip).
 * Results are kept briefly per address, and one render serves all requests that arrive while it runs.
 * Without a bundle (a server started without `npm run build`) or when a render fails, the page is left
 * to the browser as before.
 */
export function createPageRenderer(app: FastifyInstance, bundlePath: string, log: FastifyBaseLogger) {
  let bundle: Promise<RenderingBundle | null> | null = null
  const load = () =>
    (bundle ??= existsSync(bundlePath)
      ? (import(pathToFileURL(bundlePath).href) as Promise<RenderingBundle>).catch((error: unknown) => {
          log.warn({ err: error, bundlePath }, 'the page rendering bundle could not be loaded')
          return null
        })
      : Promise.resolve(null))
  const cache = new Map<string, { at: number; page: Promise<RenderedPage | null> }>()

  const api = async (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? 'GET'
    // Public reads only: a page rendered for everyone never carries anyone's session.
    if (method !== 'GET') throw new Error(`a rendered page may only read (${method} ${url})`)
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (typeof value === 'number') headers.set(name, String(value))
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : answer.payload, { status: answer.statusCode, headers })
  }

  async function render(url: string): Promise<RenderedPage | null> {
    const loaded = await load()
    if (!loaded) return null
    try {
      const { html, state } = await loaded.renderPageWithData(url, api)
      return { html, data: scriptSafeJson(state) }
    } catch (error) {
      log.warn({ err: error, url }, 'rendering the page with its data failed; the browser renders it')
      return null
    }
  }

  return {
    /** Loads the bundle ahead of the first request (it takes a moment). */
    warm: () => void load(),
    /** The page at `pathname` + `search` with its data, or null when the browser renders it. */
    async page(pathname: string, search: string): Promise<RenderedPage | null> {
      const loaded = await load()
      if (!loaded?.DATA_RENDERED_PATHS.includes(withoutTrailingSlash(pathname))) return null
      const url = `${withoutTrailingSlash(pathname)}${search}`
      const now = Date.now()
      const kept = cache.get(url)
      if (kept && now - kept.at < RENDERED_PAGE_TTL_MS) return kept.page
      const page = render(url)
      cache.delete(url)
      cache.set(url, { at: now, page })
      // The oldest address goes first (a Map keeps insertion order).
      while (cache.size > RENDERED_PAGE_ENTRIES) cache.delete(cache.keys().next().value as string)
      // A failed render is not kept: the next request tries again.
      void page.then((result) => {
        if (!result && cache.get(url)?.page === page) cache.delete(url)
      })
      return page
    },
  }
}
