import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './global.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { NotificationsHost } from '@/components/notifications-host'
import { RootErrorBoundary } from './error-boundary'
import { queryClient } from './query-client'
import { router } from './router'
import { theme } from './theme'

export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark">
      <RootErrorBoundary>
        <NotificationsHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RootErrorBoundary>
    </MantineProvider>
  )
}
