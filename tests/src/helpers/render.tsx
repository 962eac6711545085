import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { theme } from '../../../src/app/theme'

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
}

/** Renders with Mantine, notifications and a query client. */
export function renderWithProviders(ui: ReactNode, queryClient = createTestQueryClient()): RenderResult {
  return render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <Notifications />
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  )
}

/**
 * Renders `ui` at `path` inside a memory router whose other paths render a marker, so a test can see
 * where a component navigated to.
 */
export async function renderWithRouter(
  ui: () => ReactNode,
  options: { path?: string; initial?: string } = {},
) {
  const path = options.path ?? '/'
  const rootRoute = createRootRoute({ component: Outlet })
  const page = createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{ui()}</> })
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      return <div data-testid="navigated">{window.location.pathname}</div>
    },
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, elsewhere]),
    history: createMemoryHistory({ initialEntries: [options.initial ?? path] }),
  })
  const result = renderWithProviders(<RouterProvider router={router} />)
  await router.load()
  return { ...result, router }
}
