/** The custom protocol the desktop app registers (cypher://payment/success/42 → /payment/success/42). */
export const APP_PROTOCOL = 'cypher'

/** In-app paths a deep link may open; anything else is ignored. */
const ALLOWED_PATHS = [
  /^\/payment\/(success|fail)(\/[A-Za-z0-9_-]{1,64})?$/,
  /^\/payment-success$/,
  /^\/dashboard$/,
  /^\/project\/\d{1,10}$/,
  /^\/domain\/\d{1,10}$/,
  /^\/wallet$/,
  /^\/manage-msg\/\d{1,10}$/,
  /^\/reset-password$/,
  /^\/certificate\/[A-Za-z0-9-]{1,64}$/,
]

/**
 * Turns a deep link into an in-app path (with its query), or null when it is not ours or not allowed.
 * Both `cypher://payment/success/42` and `cypher:///payment/success/42` are accepted.
 */
export function parseDeepLink(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_PROTOCOL}:`) return null
  // With a non-special scheme the first segment is the "host": fold it back into the path.
  const path = `/${[url.hostname, ...url.pathname.split('/')].filter(Boolean).join('/')}`
  if (path.includes('..') || !ALLOWED_PATHS.some((pattern) => pattern.test(path))) return null
  return `${path}${url.search}`
}

/** The deep link among command-line arguments (Windows and Linux pass it to the second instance). */
export function findDeepLink(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (arg.startsWith(`${APP_PROTOCOL}:`)) {
      const path = parseDeepLink(arg)
      if (path) return path
    }
  }
  return null
}
