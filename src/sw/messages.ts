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
 * A precache manifest entry; `later` marks app code fetched only for a signed-in user, `staff` the
 * staff console's code, fetched only for staff.
 */
export interface AppEntry {
  url: string
  revision: string | null
  later?: boolean
  staff?: boolean
}
