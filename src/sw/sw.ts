/**
 * The PWA's service worker (vite-plugin-pwa, injectManifest). A visitor's first visit installs only
 * the app shell; public pages always come from the network (prerendered HTML with its head), the
 * shell answering only when there is no network; server-owned paths are never touched. A signed-in
 * user's page asks for the rest of the app code, so every portal screen opens offline after one visit.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { isServerOnlyPath } from '@/contract/server-paths'
import {
  APP_CODE_KEPT_URL,
  ASSETS_CACHE,
  NAVIGATION_TIMEOUT_MS,
  OFFLINE_COPY_STATUS,
  PORTAL_NAVIGATION_TIMEOUT_MS,
  PORTAL_READING_PATH,
  WORKER_MESSAGES,
  WORKER_STATE_CACHE,
  type AppEntry,
} from './messages'
import { routeScriptsOf, withRouteScripts } from './route-scripts'

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}

interface WorkerScope {
  __WB_MANIFEST: AppEntry[]
  location: Location
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'activate' | 'install', listener: (event: ExtendableEvent) => void): void
}

// Written out as `self.__WB_MANIFEST`: the build replaces exactly that text with the manifest.
const entries: AppEntry[] = (self as unknown as WorkerScope).__WB_MANIFEST
const scope = self as unknown as WorkerScope
const shell = entries.filter((entry) => !entry.later)
const absolute = (entry: AppEntry) => new URL(entry.url, scope.location.href).href
const later = entries.filter((entry) => entry.later && !entry.staff).map(absolute)
/** The staff console's code: stored for staff only, and removed when someone else signs in. */
const staffCode = entries.filter((entry) => entry.staff).map(absolute)

cleanupOutdatedCaches()
// The precache answers only its own files by their exact address: `/` (and `/?utm_…`) must not be
// answered with the bare shell, which `directoryIndex` would do; pages go to the network (below).
precacheAndRoute(
  shell.map(({ url, revision }): PrecacheEntry => ({ url, revision })),
  { directoryIndex: '', cleanURLs: false },
)

// Hashed app code: whatever a page loads is kept (its name changes with its content).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  // Module scripts are requested with an Origin header, the worker's own fetches without: the server's
  // Vary must not make them miss each other.
  new CacheFirst({ cacheName: ASSETS_CACHE, matchOptions: { ignoreVary: true } }),
)

/**
 * The precached shell as the offline copy of the page at `pathname`: a portal reading screen's copy
 * lists its route scripts, which the entry asks for at once, as it does online (src/sw/route-scripts.ts).
 */
async function offlineCopy(pathname: string): Promise<Response> {
  const shell = await matchPrecache('/index.html')
  if (!shell) return Response.error()
  const scripts = routeScriptsOf(pathname, entries)
  // Marked, so the page knows the network gave no answer (see OFFLINE_COPY_STATUS).
  if (scripts.length === 0)
    return new Response(shell.body, { status: OFFLINE_COPY_STATUS, headers: shell.headers })
  const headers = new Headers(shell.headers)
  // The body changes: its stored length (and any encoding it arrived with) no longer describe it.
  headers.delete('content-length')
  headers.delete('content-encoding')
  const html = withRouteScripts(await shell.text(), scripts)
  return new Response(html, { status: OFFLINE_COPY_STATUS, headers })
}

/** The network's page, or the precached shell when there is none (or it passes nothing for a while). */
async function pageOrShell({ request, url }: { request: Request; url: URL }): Promise<Response> {
  const wait = PORTAL_READING_PATH.test(url.pathname) ? PORTAL_NAVIGATION_TIMEOUT_MS : NAVIGATION_TIMEOUT_MS
  try {
    return await fetch(request, { signal: AbortSignal.timeout(wait) })
  } catch {
    return offlineCopy(url.pathname)
  }
}

// Page loads only: robots.txt, the sitemap, the API docs and downloads stay the server's.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isServerOnlyPath(url.pathname),
  pageOrShell,
)

/**
 * Stores the app code this version has that is not stored yet, a few files at a time. `strict`: a file
 * that cannot be fetched fails the whole call (an install that must not go on without it).
 */
async function keepAppCode(staff: boolean, { strict = false } = {}): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE)
  if (!staff) for (const url of staffCode) await cache.delete(url, { ignoreVary: true })
  const missing: string[] = []
  for (const url of staff ? [...later, ...staffCode] : later) {
    if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url)
  }
  const fetchNext = async (): Promise<void> => {
    const url = missing.shift()
    if (!url) return
    const response = await fetch(url)
    if (response.ok) await cache.put(url, response)
    else if (strict) throw new Error(`${url}: ${response.status}`)
    return fetchNext()
  }
  const all = Promise.all(Array.from({ length: 3 }, fetchNext))
  if (strict) return void (await all)
  // Offline, the fetches fail: the next signed-in page load asks again.
  await all.catch(() => {})
}

/** Remembers, across versions, that this device keeps all of the app's code (and the console's for staff). */
async function rememberAppCodeKept(staff: boolean): Promise<void> {
  const state = await caches.open(WORKER_STATE_CACHE)
  await state.put(APP_CODE_KEPT_URL, new Response(JSON.stringify({ staff })))
}

/**
 * A new version on a device that keeps the app's code stores all of its own before it can take over:
 * an update never leaves a signed-in user with less to read offline. When a file cannot be fetched the
 * install fails and the old version (with its code) stays until the next try.
 */
async function keepAppCodeOnUpdate(): Promise<void> {
  const state = await caches.open(WORKER_STATE_CACHE)
  const kept = await state.match(APP_CODE_KEPT_URL)
  if (!kept) return
  const { staff } = (await kept.json().catch(() => ({}))) as { staff?: unknown }
  await keepAppCode(staff === true, { strict: true })
}

/** App code of earlier versions leaves the cache once this version runs. */
async function dropOldAppCode(): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE)
  const current = new Set([...later, ...staffCode])
  for (const entry of shell) current.add(new URL(entry.url, scope.location.href).href)
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request)
  }
}

scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; staff?: unknown } | null
  const type = data?.type
  if (type === WORKER_MESSAGES.skipWaiting) void scope.skipWaiting()
  if (type === WORKER_MESSAGES.keepAppCode) {
    const staff = data?.staff === true
    const done = Promise.all([rememberAppCodeKept(staff), keepAppCode(staff)])
    ;(event as unknown as ExtendableEvent).waitUntil?.(done)
  }
})

scope.addEventListener('install', (event) => {
  event.waitUntil(keepAppCodeOnUpdate())
})

scope.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([dropOldAppCode(), scope.clients.claim()]))
})
