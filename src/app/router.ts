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

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
