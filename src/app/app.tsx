// Mantine's styles sit in a CSS layer, so our own styles win whatever order the chunks load in.
import './mantine-styles'
import './global.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { NotificationsHost } from '@/components/notifications-host'
import { RootErrorBoundary } from './error-boundary'
import { LogoutCheck } from './logout-check'
import type { AppRouter } from './router'
import { theme } from './theme'

/** The whole renderer; the browser and the build-time prerender give it their own router and cache. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark">
      <RootErrorBoundary>
        <NotificationsHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <LogoutCheck />
        </QueryClientProvider>
      </RootErrorBoundary>
    </MantineProvider>
  )
}
