import { trackPageView } from './analytics'
import { createIdbPersister, QueryPersistence } from './persistence'
import { queryClient } from './query-client'
import { router } from './router'
import { showOfflineReady, showUpdatePrompt } from './update-prompt'
import { staticPageMeta } from '@/contract/page-meta'
import { session } from '@/lib/session'
import { platform } from '@/platform/current'

export const persistence = new QueryPersistence(queryClient, createIdbPersister(), __BUILD_ID__)

/** Wires the session, offline cache, analytics, updates and deep links once, before the first render. */
export function boot() {
  session.configure({
    onSignedIn: (user) => persistence.start(user.id),
    onSignedOut: () => persistence.clear(),
  })
  session.followOtherTabs()
  void session.start()

  router.subscribe('onResolved', ({ toLocation, fromLocation }) => {
    trackPageView(toLocation.pathname, fromLocation ? undefined : document.referrer)
    const meta = staticPageMeta[toLocation.pathname]
    if (meta) document.title = meta.title
  })

  platform.registerUpdates({
    onNeedRefresh: (apply) => void showUpdatePrompt(apply),
    onOfflineReady: () => void showOfflineReady(),
  })
  platform.onDeepLink((path) => void router.navigate({ href: path }))
}
