import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { CrashScreen } from '@/components/crash-screen'
import { routeTree } from '@/routeTree.gen'
import { queryClient } from './query-client'

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
    defaultErrorComponent: CrashScreen,
    scrollRestoration: options.scrollRestoration ?? true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

export const router = createAppRouter({ queryClient })

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
