// The app's global styles are named in index.html: a prerendered page paints styled before any script.
import './app/mantine-styles'
import './app/global.css'
import { trackPageView } from './app/analytics'
import { holdEarlyInput } from './app/early-input'
import { ROUTE_SCRIPTS_ELEMENT_ID } from './contract/page-data'
import { USER_KEY } from './lib/session-keys'
import { localStore, sessionStore } from './lib/storage'

/**
 * The entry stays tiny: React, the router, Mantine and the app arrive in src/app/start.tsx.
 *
 * A prerendered page (scripts/prerender.mjs at build time, or the server per request for pages whose
 * first screen is data: /projects, /blog) is complete and styled without them, and its links work as
 * plain links. For a visitor who is not signed in, the app starts on the first sign of use —
 * pointer, touch, key, wheel, scroll or focus — instead of at once: a visit that only reads downloads
 * and evaluates none of it, and the phone's main thread stays free while the page paints. A
 * prerendered form (sign-in, registration) waits the same way, usable meanwhile: what is typed into it
 * is handed to React once React has adopted it (./app/early-input). Signed-in visitors (whose header
 * and session the app shows) start at once, as does every page that arrives empty.
 */
const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
const container: HTMLElement = root

const START_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin']

/** The scripts of the page's routes, listed by the server: fetched beside the app instead of after it
 * has evaluated and resolved the route (a waterfall of a second or more on a slow phone). Only for a
 * page that arrived with content or a signed-in visitor: a visitor who opens a portal address is sent
 * to sign in, and must not download the portal's screens on the way (ARCHITECTURE §9). */
function preloadRouteScripts() {
  if (container.firstElementChild === null && localStore.get(USER_KEY) === null) return
  const listed: unknown = JSON.parse(document.getElementById(ROUTE_SCRIPTS_ELEMENT_ID)?.textContent || '[]')
  if (!Array.isArray(listed)) return
  for (const src of listed) {
    if (typeof src !== 'string') continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = src
    document.head.append(link)
  }
}

let started = false
function startApp() {
  if (started) return
  started = true
  for (const type of START_EVENTS) removeEventListener(type, startApp, true)
  preloadRouteScripts()
  import('./app/start')
    .then(({ start }) => start(container))
    .catch((error: unknown) => {
      // The scripts could not arrive (offline, a new deployment): a remembered link still goes where
      // it points, as a plain navigation.
      const early = window.__cypherEarlyClick
      if (early instanceof HTMLAnchorElement) location.assign(early.href)
      throw error
    })
}

/** A plain left click on a link of this site, which the app would follow without reloading. */
function appLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = event.target instanceof Element ? event.target.closest('a') : null
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  const url = new URL(link.href, location.href)
  return url.origin === location.origin && !url.pathname.startsWith('/api/') ? link : null
}

/** The visitor already used the page while the entry was on its way: pressed a button (remembered by
 * the head script), scrolled or moved the focus. */
const usedAlready = () =>
  window.__cypherEarlyClick !== undefined ||
  window.scrollY > 0 ||
  (document.activeElement !== null && document.activeElement !== document.body)

const waits = container.firstElementChild !== null && localStore.get(USER_KEY) === null && !usedAlready()
// What is typed into a form before React adopts it is handed over then, however the app started.
holdEarlyInput(container)

if (waits) {
  // Counted now: a visitor who only reads never starts the app (start() does not count it twice).
  trackPageView(location.pathname, document.referrer)
  // The splash in the HTML plays by its CSS alone: once it has faded out it leaves (as the app's
  // would) and counts as shown for this browser session.
  const splash = container.querySelector<HTMLElement>('[data-splash-screen]')
  splash?.addEventListener('animationend', (event) => {
    if (event.target !== splash) return
    splash.style.display = 'none'
    sessionStore.set('cypher-splash-shown', '1')
  })
  for (const type of START_EVENTS) addEventListener(type, startApp, { capture: true, passive: true })
  // A link clicked before the app has taken the page over waits for it (the head script remembers
  // buttons the same way), so the visit stays one document.
  addEventListener(
    'click',
    (event) => {
      if (window.__cypherHydrating) return
      const link = appLink(event)
      if (!link) return
      event.preventDefault()
      window.__cypherEarlyClick = link
      startApp()
    },
    true,
  )
} else {
  startApp()
}
