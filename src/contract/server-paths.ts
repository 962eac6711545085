/**
 * Paths the server answers itself, never the app: the API (with its docs and file downloads), the
 * sandbox and development pages, health checks, robots.txt, the sitemap and every file (a path with an
 * extension). The service worker leaves them to the network and the server's history fallback never
 * answers them with the app shell.
 */
export const SERVER_ONLY_PREFIX = /^\/(api|sandbox|dev|healthz|readyz|assets|robots\.txt|sitemap\.xml)(\/|$)/

export function isServerOnlyPath(pathname: string): boolean {
  return SERVER_ONLY_PREFIX.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)
}
