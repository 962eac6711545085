import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { StrictMode, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { services } from '@/contract/services'
import { setApiTransport } from '@/lib/api-client'
import { App } from './app/app'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { routeAssets, type RouteInfo, type ViteManifest } from './prerender-assets'

/**
 * Build-time rendering of the public pages that need no data to draw their first screen. The server
 * puts this HTML inside #root, so the page paints before any JavaScript runs; the browser then hydrates.
 * The sign-in and registration forms are usable before hydration: what is typed into them is handed to
 * React once it has adopted them (awaitingApp, src/app/early-input.ts).
 * The other form pages (contact, the brief wizard, franchise) are left to the renderer.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/about',
  '/services',
  ...services.map((service) => `/services/${service.slug}`),
  '/clients',
  '/privacy',
  '/login',
  '/register',
]

type Preloadable = ComponentType & { preload: () => Promise<unknown> }

function isPreloadable(value: unknown): value is Preloadable {
  return typeof value === 'function' && 'preload' in value && typeof value.preload === 'function'
}

/**
 * Public pages whose first screen is data (a list from the API): the server renders them per request
 * with their data (`renderPageWithData`, server/plugins/web.ts) instead of at build time.
 */
export const DATA_RENDERED_PATHS = ['/projects', '/blog']

/** Routes the page at `url` (path and query) and loads its code, ready to render. */
async function loadPage(url: string, queryClient: QueryClient) {
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [url] }),
    // The browser restores scroll itself; the server-side restoration script is not wanted in static HTML.
    scrollRestoration: false,
  })
  await router.load()
  // Route components are code-split: load them first so the page renders whole, without suspending.
  for (const match of router.state.matches) {
    const options: { component?: unknown; pendingComponent?: unknown; errorComponent?: unknown } =
      router.routesById[match.routeId].options
    const components = [options.component, options.pendingComponent, options.errorComponent]
    await Promise.all(components.map((component) => (isPreloadable(component) ? component.preload() : null)))
  }
  return () =>
    renderToString(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    )
}

/** A suspended boundary would ship a fallback instead of the page: refuse it. */
function refuseSuspended(url: string, html: string) {
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`${url} suspended while prerendering; it would ship without its content`)
  }
}

export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient()
  const render = await loadPage(path, queryClient)
  const html = render()
  queryClient.clear()
  refuseSuspended(path, html)
  return html
}

/** How many times a page may render to discover the queries its data needs (a query may need another's answer). */
const DATA_PASSES = 3

/**
 * Renders a page with its data, for the server (per request): a render registers the queries the page
 * asks for, they are fetched through `api` (the server answers them in-process), and the page renders
 * again with their answers, until it asks for nothing new. Returns the HTML and the query cache's
 * dehydrated state, which the browser puts back before it hydrates (src/app/start.tsx), so its first
 * render matches. A failed query fails the whole render: the page is then left to the browser, whose
 * error panel offers a retry, rather than shipping an error the browser would replace.
 */
export async function renderPageWithData(
  url: string,
  api: (url: string, init: RequestInit) => Promise<Response>,
): Promise<{ html: string; state: DehydratedState }> {
  setApiTransport(api)
  const queryClient = createQueryClient()
  try {
    const render = await loadPage(url, queryClient)
    let html = render()
    for (let pass = 0; pass < DATA_PASSES; pass++) {
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        // A disabled query stays pending in the browser as well.
        .filter(
          (query) =>
            query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false,
        )
      if (waiting.length === 0) break
      await Promise.all(waiting.map((query) => query.fetch()))
      html = render()
    }
    refuseSuspended(url, html)
    const [failed] = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'error' })
    if (failed) throw new Error(`${url}: query ${JSON.stringify(failed.queryKey)} has no data`)
    return { html, state: dehydrate(queryClient) }
  } finally {
    queryClient.clear()
  }
}

/** Every page's own stylesheets (see prerender-assets.ts), from the web build's manifest. */
export function pageAssets(manifest: ViteManifest) {
  const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() })
  const routes: RouteInfo[] = Object.values(router.routesById).map((route) => {
    const children: unknown = route.children
    return {
      id: route.id,
      fullPath: route.fullPath,
      parentId: route.isRoot ? null : route.parentRoute.id,
      isLeaf:
        !children || (Array.isArray(children) ? children.length === 0 : Object.keys(children).length === 0),
    }
  })
  return routeAssets(manifest, routes)
}
