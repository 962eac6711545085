import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { CrashScreen } from '@/components/crash-screen'
import { SiteLayout } from '@/components/layout/site-layout'
import { AssistantContextProvider } from '@/features/assistant/assistant-context'
import { AssistantLauncher } from '@/features/assistant/components/assistant-launcher'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: CrashScreen,
})

function RootLayout() {
  return (
    <AssistantContextProvider>
      <SiteLayout floating={<AssistantLauncher />}>
        <Outlet />
      </SiteLayout>
    </AssistantContextProvider>
  )
}
