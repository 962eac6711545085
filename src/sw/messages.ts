/** What the page and the service worker (src/sw/sw.ts) say to each other. */
export const WORKER_MESSAGES = {
  /** From vite-plugin-pwa's registerSW: the waiting version takes over (the user chose Reload). */
  skipWaiting: 'SKIP_WAITING',
  /** From a signed-in user's page: store all of the app's code for offline use (`staff`: the console's too). */
  keepAppCode: 'KEEP_APP_CODE',
} as const

/** The runtime cache of hashed app code (/assets/...). */
export const ASSETS_CACHE = 'cypher-assets'

/**
 * What the worker remembers across versions: whether this device keeps all of the app's code (a user
 * signed in here), and the staff console's too. A new version reads it while it installs.
 */
export const WORKER_STATE_CACHE = 'cypher-worker-state'
export const APP_CODE_KEPT_URL = '/__worker/app-code-kept'

/** A page navigation that gets no answer in this time is answered with the offline shell. */
export const NAVIGATION_TIMEOUT_MS = 8000

/**
 * The portal's reading screens (no prerendered page, nothing the server adds that the shell lacks):
 * on a network that passes nothing they wait only this long before the offline copy answers, so the
 * cached portal shows within 3 s. Checkout screens keep the long wait (the server's Stripe policy).
 */
export const PORTAL_NAVIGATION_TIMEOUT_MS = 1000
export const PORTAL_READING_PATH =
  /^\/(dashboard|wallet|billing(\/\d+)?|settings|project\/[^/]+|domain\/[^/]+|manage-msg\/[^/]+|staff(\/.*)?)\/?$/

/**
 * The status of the shell when the worker answers a page with it because the network gave none: the
 * page reads it (navigation timing) and starts offline instead of waiting for the network again.
 */
export const OFFLINE_COPY_STATUS = 203

/**
 * A precache manifest entry; `later` marks app code fetched only for a signed-in user, `staff` the
 * staff console's code, fetched only for staff; `routes` the portal reading screens whose page loads
 * it (src/sw/route-scripts.ts).
 */
export interface AppEntry {
  url: string
  revision: string | null
  later?: boolean
  staff?: boolean
  routes?: string[]
}
