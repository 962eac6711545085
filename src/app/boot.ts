import { onlineManager } from '@tanstack/react-query'
import { trackPageView } from './analytics'
import { captureInstallPrompt } from '@/lib/install-prompt'
import { QueryPersistence } from './persistence'
import { queryClient } from './query-client'
import { router } from './router'
import { followUnsavedInput } from './unsaved-input'
import { showOfflineReady, showUpdatePrompt } from './update-prompt'
import { toast } from '@/components/toast'
import { staticPageMeta } from '@/contract/page-meta'
import { supportMessages } from '@/contract/support'
import { registerSupportMutations } from '@/features/support/api/comment-queue'
import type { TicketReplyWatch } from '@/features/support/reply-watch'
import { connectivity, startedFromOfflineCopy } from '@/lib/connectivity'
import { session } from '@/lib/session'
import { platform } from '@/platform/current'

export const persistence = new QueryPersistence(queryClient, undefined, {
  onStorageFull: () => toast.info(STORAGE_FULL, 5000),
})

const STORAGE_FULL =
  'This device is short of storage: only your most recent portal data is kept for offline reading.'

let replyWatch: TicketReplyWatch | null = null

/** Where the platform has notifications of its own (desktop), staff replies are announced as they come. */
function watchTicketReplies() {
  const notify = platform.notifyTicketReply
  if (!notify) return
  void import('@/features/support/reply-watch').then(({ TicketReplyWatch }) => {
    replyWatch ??= new TicketReplyWatch(queryClient, notify)
    replyWatch.start()
  })
}

/** Wires the session, offline cache, analytics, updates and deep links once, before the first render. */
export function boot() {
  // The page came from the worker's offline copy: the network gave no answer, so start offline at once.
  if (startedFromOfflineCopy()) connectivity.noAnswer()
  connectivity.follow()
  // TanStack Query follows what real requests say of the network, not only the browser's events
  // (starting out "online" and missing a network that passes nothing).
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(connectivity.online())
    update()
    return connectivity.subscribe(update)
  })
  // Back online, every open tab takes over the queued writes of tabs closed meanwhile and sends them.
  connectivity.subscribe(() => {
    if (connectivity.online()) void persistence.adoptLeftWrites()
  })
  persistence.adoptWhenTabsClose()
  // Before the offline cache is restored: queued comments need their mutation function to resume.
  registerSupportMutations(queryClient)
  session.configure({
    onSignedIn: async (user, how) => {
      // The cached portal shows once the cache is read: a restored session's start takes over closed
      // tabs' queued writes after that, beside the first render (issue 27, offline dashboard within 1 s).
      const { adopted } = await persistence.restore(user.id)
      platform.keepAppOffline({ staff: user.role === 'staff' })
      if (user.role === 'client') watchTicketReplies()
      // Only after a sign-in: a session restored at start-up may still turn out to have expired.
      if (how !== 'signed-in') return
      const waiting = await adopted
      if (waiting > 0) toast.info(supportMessages.commentsResumed(waiting), 5000)
    },
    onSignedOut: () => {
      replyWatch?.stop()
      return persistence.clear()
    },
    onExpired: () => {
      replyWatch?.stop()
      return persistence.suspend()
    },
    pendingWrites: (userId) => persistence.pendingWrites(userId),
  })
  session.followOtherTabs()
  // A logout made offline goes out before the session's start asks the server anything.
  session.settleSignOutWhenOnline()
  void session.start()

  router.subscribe('onResolved', ({ toLocation, fromLocation }) => {
    trackPageView(toLocation.pathname, fromLocation ? undefined : document.referrer)
    const meta = staticPageMeta[toLocation.pathname]
    if (meta) document.title = meta.title
  })

  captureInstallPrompt()
  followUnsavedInput()
  // The service worker precaches the whole app: its registration waits until the page is idle, so it
  // never competes with the page's own scripts and first render.
  whenIdle(() =>
    platform.registerUpdates({
      onNeedRefresh: (apply, how) => void showUpdatePrompt(apply, how),
      // Only the portal is readable offline: tell signed-in users, not every visitor of the website.
      onOfflineReady: () => {
        if (session.getState().status === 'signed-in') void showOfflineReady()
      },
    }),
  )
  platform.onDeepLink((path) => void router.navigate({ href: path }))
}

/** Runs `task` once the browser has nothing more urgent to do (soon after the load where idle callbacks are missing). */
export function whenIdle(task: () => void) {
  const run = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => task(), { timeout: 5000 })
    } else setTimeout(task, 1)
  }
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
}
