import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { RouteError } from '@/components/route-error'
import { routeTree } from '@/routeTree.gen'
import { queryClient } from './query-client'

let keepScrollOnce = false

/**
 * For a page the browser drew from prerendered HTML: the visitor may have scrolled before React took it
 * over, and the router's first render must leave that position alone instead of scrolling to the top.
 */
export function keepScrollOnFirstRender() {
  keepScrollOnce = true
}

/** Scroll restoration on every render but a prerendered page's first (see keepScrollOnFirstRender). */
function restoreScroll() {
  if (!keepScrollOnce) return true
  keepScrollOnce = false
  return false
}

/** The app's router; the browser uses one instance, the build-time prerender one per page. */
export function createAppRouter(options: {
  queryClient: QueryClient
  history?: RouterHistory
  scrollRestoration?: boolean
}) {
  return createRouter({
    routeTree,
    context: { queryClient: options.queryClient },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    scrollRestoration: options.scrollRestoration ?? restoreScroll,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

export const router = createAppRouter({ queryClient })

/**
 * Starts loading the code of every route the page at `pathname` shows, without waiting for their
 * guards: the portal's guard waits for the session check (the offline cache read from IndexedDB, the
 * refresh), and the router would ask for the page's ~90 chunks only after it. A missing chunk is the
 * router's to report when it loads the route itself.
 */
export function loadPageCode(pathname: string, { staff }: { staff: boolean }) {
  const [routes] = router.getMatchedRoutes(pathname)
  for (const route of routes) {
    // The console's code loads for staff only: its own guard sends anyone else home before it loads.
    if (!staff && route.id.startsWith('/_portal/staff')) continue
    void router.loadRouteChunk(route)?.catch(() => {})
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
