// The app's global styles are named in index.html: a prerendered page paints styled before any script.
import './app/mantine-styles'
import './app/global.css'
import { trackPageView } from './app/analytics'
import { holdEarlyInput } from './app/early-input'
import {
  EARLY_PRESS_ATTRIBUTE,
  ROUTE_SCRIPTS_ELEMENT_ID,
  SPLASH_SEEN_ATTRIBUTE,
  SPLASH_SHOWN_KEY,
  SUBMIT_HELD_ATTRIBUTE,
} from './contract/page-data'
import { USER_KEY } from './lib/session-keys'
import { localStore, sessionStore } from './lib/storage'

/**
 * The entry stays tiny: React, the router, Mantine and the app arrive in src/app/start.tsx.
 *
 * A prerendered page (scripts/prerender.mjs at build time, or the server per request for pages whose
 * first screen is data: /projects, /blog) is complete and styled without them, and its links work as
 * plain links, also once the app is on its way: a link clicked before the app has adopted the page opens
 * the prerendered page it points to. For a visitor who is not signed in, the app starts on the first sign of use —
 * pointer movement, key, wheel, scroll or focus, or a press once the browser has answered it — instead of at once: a visit that only reads downloads
 * and evaluates none of it, and the phone's main thread stays free while the page paints. A
 * prerendered form (sign-in, registration) waits the same way, usable meanwhile: what is typed into it
 * is handed to React once React has adopted it (./app/early-input). Signed-in visitors (whose header
 * and session the app shows) start at once, as does every page that arrives empty.
 */
const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
const container: HTMLElement = root

/** Signs of use that start the app at once. */
const START_EVENTS = ['pointermove', 'keydown', 'wheel', 'scroll']
/**
 * A press starts it only once the browser has answered the press. Evaluating the app is one long task
 * (a second or more on a slow phone): begun at the press, with its scripts already cached, it would
 * hold back the answer to the click that follows — the menu the browser opens, the page a link opens.
 */
const PRESS_EVENTS = ['pointerdown', 'touchstart']
/** Focus moved by the keyboard starts it at once; focus that comes with a press waits with the press. */
const FOCUS_EVENT = 'focusin'
/** Time for a press to become a click; a longer press (held, dragged) starts the app then. */
const PRESS_MS = 600

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
  for (const type of PRESS_EVENTS) removeEventListener(type, onPress, true)
  removeEventListener(FOCUS_EVENT, onFocus, true)
  removeEventListener('click', onClick)
  window.clearTimeout(pressTimer)
  // The app's own code is asked for first, the page's route scripts after it: from the worker's offline
  // copy some ninety of them would otherwise queue ahead of the app's start in the worker.
  const app = import('./app/start')
  preloadRouteScripts()
  app
    .then(({ start }) => start(container))
    .catch((error: unknown) => {
      // The app could not arrive (offline, a new deployment): what was pressed or submitted stops
      // promising an answer, and the visitor's next use tries again. Links still work as plain links.
      // After the event that started this try (an Enter key's submission follows its keydown).
      window.setTimeout(() => {
        window.__cypherEarlyClick?.removeAttribute(EARLY_PRESS_ATTRIBUTE)
        document.documentElement.removeAttribute(SUBMIT_HELD_ATTRIBUTE)
        started = false
        waitForUse()
      }, 0)
      throw error
    })
}

/** Starts the app on the visitor's next sign of use. */
function waitForUse() {
  for (const type of START_EVENTS) addEventListener(type, startApp, { capture: true, passive: true })
  for (const type of PRESS_EVENTS) addEventListener(type, onPress, { capture: true, passive: true })
  addEventListener(FOCUS_EVENT, onFocus, true)
  addEventListener('click', onClick)
}

let pressTimer: number | undefined
let pressing = false
function onPress() {
  pressing = true
  window.clearTimeout(pressTimer)
  pressTimer = window.setTimeout(startApp, PRESS_MS)
}

function onFocus() {
  if (!pressing) startApp()
}

/** A click that makes the browser leave the page: a link to another page, in this tab. */
function leavesPage(event: MouseEvent): boolean {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (event.defaultPrevented || !(link instanceof HTMLAnchorElement) || link.hasAttribute('download'))
    return false
  if (link.target && link.target !== '_self') return false
  const url = new URL(link.href, location.href)
  const samePage =
    url.origin === location.origin && url.pathname === location.pathname && url.search === location.search
  return !(samePage && url.hash !== '')
}

/**
 * The click that ends a press, after every other handler (the page's head script remembers a button
 * for the app). A link leaving the page starts nothing: the next page is on its way, and evaluating
 * the app here would only delay it. Anything else starts the app once the browser has painted its
 * own answer (an opened menu, the pressed look of a remembered button).
 */
function onClick(event: MouseEvent) {
  pressing = false
  window.clearTimeout(pressTimer)
  if (leavesPage(event)) return
  requestAnimationFrame(() => window.setTimeout(startApp, 0))
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
  // The splash in the HTML plays by its CSS alone and leaves once it has faded out, as the app's would.
  // It counts as shown for this browser session from the start, as the app's does: a link followed
  // while it plays opens the next page without it.
  const splash = container.querySelector<HTMLElement>('[data-splash-screen]')
  if (splash && !document.documentElement.hasAttribute(SPLASH_SEEN_ATTRIBUTE)) {
    sessionStore.set(SPLASH_SHOWN_KEY, '1')
    splash.addEventListener('animationend', (event) => {
      if (event.target === splash) splash.style.display = 'none'
    })
  }
  waitForUse()
  // A link clicked before the app has adopted the page is left to the browser: it opens the
  // prerendered page it points to in network time, instead of waiting for the app to evaluate (a second
  // or more on a slow phone). Buttons are remembered by the head script and pressed again then.
} else {
  startApp()
}
