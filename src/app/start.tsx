import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { trackPageView } from './analytics'
import { App } from './app'
import { boot } from './boot'
import { queryClient } from './query-client'
import { keepScrollOnFirstRender, router } from './router'

/**
 * Starts the renderer in #root: adopts prerendered HTML (hydration) or renders from scratch. Loaded by
 * src/main.tsx, at once or on a prerendered page's first interaction.
 */
export async function start(container: HTMLElement) {
  boot()
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  )
  if (!container.firstElementChild) {
    createRoot(container).render(app)
    return
  }
  // Public pages arrive prerendered (scripts/prerender.mjs): resolve the route and its code first, so the
  // first render matches the HTML and React adopts it instead of replacing it.
  // The visitor may already have scrolled the prerendered page: the first render keeps that position.
  keepScrollOnFirstRender()
  await router.load()
  // Render the match tree the way the prerender did (no outer Suspense around the root route), as
  // TanStack Router's own SSR hydration does.
  router.ssr = { manifest: undefined }
  // A button (or, while the start waited for the visitor, a link) pressed before this point was
  // remembered by the page's head script (server/lib/app-shell.ts) or by src/main.tsx. Pressed again
  // below, React adopts the page at once to handle it, as it does for any early event.
  const early = window.__cypherEarlyClick
  window.__cypherHydrating = true
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: input stays responsive while a slow phone adopts the HTML.
  startTransition(() => {
    hydrateRoot(container, app)
  })
  if (early?.isConnected) early.click()
  // The router reports later navigations; the page the visitor landed on is counted here (once: a
  // deferred start counted it already).
  trackPageView(router.state.location.pathname, document.referrer)
}
