import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { trackPageView } from './analytics'
import { EARLY_PRESS_ATTRIBUTE, PAGE_DATA_ELEMENT_ID } from '@/contract/page-data'
import { session } from '@/lib/session'
import { USER_KEY } from '@/lib/session-keys'
import { localStore } from '@/lib/storage'
import { App } from './app'
import { boot } from './boot'
import { queryClient } from './query-client'
import { pressAgain } from './press-again'
import { keepScrollOnFirstRender, loadPageCode, router } from './router'

/** The stored user's role: only what to load early depends on it (the server decides what they may see). */
function storedRole(stored: string): unknown {
  try {
    return (JSON.parse(stored) as { role?: unknown }).role
  } catch {
    return undefined
  }
}

/**
 * Starts the renderer in #root: adopts prerendered HTML (hydration) or renders from scratch. Loaded by
 * src/main.tsx, at once or on a prerendered page's first interaction.
 */
export async function start(container: HTMLElement) {
  // A stored session opens the portal: its page's code loads while the session is checked. Without one
  // nothing loads early (a visitor sent to sign in must not download the portal's screens).
  const storedUser = localStore.get(USER_KEY)
  if (storedUser !== null) loadPageCode(location.pathname, { staff: storedRole(storedUser) === 'staff' })
  boot()
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  )
  if (!container.firstElementChild) {
    // The page's head script stops remembering presses: React handles them from here.
    window.__cypherHydrating = true
    createRoot(container).render(app)
    return
  }
  // Public pages arrive prerendered (scripts/prerender.mjs): resolve the route and its code first, so the
  // first render matches the HTML and React adopts it instead of replacing it.
  // The visitor may already have scrolled the prerendered page: the first render keeps that position.
  keepScrollOnFirstRender()
  // A page the server rendered with its data (/projects, /blog) carries that data: the queries start
  // with it, so the first render shows what the HTML shows instead of a loading state.
  const data = document.getElementById(PAGE_DATA_ELEMENT_ID)
  if (data?.textContent) {
    // Without a signed-in user the session's start clears what an earlier session left, the query
    // cache included (no network involved): the page's data goes in after that.
    if (localStore.get(USER_KEY) === null) await session.start()
    hydrate(queryClient, JSON.parse(data.textContent))
  }
  await router.load()
  // Render the match tree the way the prerender did (no outer Suspense around the root route), as
  // TanStack Router's own SSR hydration does.
  router.ssr = { manifest: undefined }
  // A button pressed before this point was remembered by the page's head script
  // (server/lib/app-shell.ts). Pressed again below, React adopts the page at once to handle it, as it
  // does for any early event.
  const early = window.__cypherEarlyClick
  // Its mark goes before React compares the page with its own first render; the click below is
  // handled in this same task, so no frame shows the button without an answer.
  early?.removeAttribute(EARLY_PRESS_ATTRIBUTE)
  window.__cypherHydrating = true
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: input stays responsive while a slow phone adopts the HTML.
  startTransition(() => {
    hydrateRoot(container, app)
  })
  if (early?.isConnected) pressAgain(early, window.__cypherEarlyPointer === true)
  // The router reports later navigations; the page the visitor landed on is counted here (once: a
  // deferred start counted it already).
  trackPageView(router.state.location.pathname, document.referrer)
}
