import { createMemoryHistory } from '@tanstack/react-router'
import { StrictMode, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { services } from '@/contract/services'
import { App } from './app/app'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { routeAssets, type RouteInfo, type ViteManifest } from './prerender-assets'

/**
 * Build-time rendering of the public pages that need no data to draw their first screen. The server
 * puts this HTML inside #root, so the page paints before any JavaScript runs; the browser then hydrates.
 * The sign-in and registration forms are prerendered inert (useHydrated) and come alive on hydration.
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

export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient()
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
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
  const html = renderToString(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  )
  queryClient.clear()
  // A suspended boundary would ship a fallback instead of the page: refuse to build it.
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`${path} suspended while prerendering; it would ship without its content`)
  }
  return html
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
