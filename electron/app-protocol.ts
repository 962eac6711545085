import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** The privileged scheme the renderer is served from (not file://): app://cypher/... */
export const APP_SCHEME = 'app'
export const APP_HOST = 'cypher'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * Whether a URL belongs to the app. Compares scheme and host: Node's URL gives non-special schemes an
 * opaque 'null' origin, so comparing origins would reject our own pages.
 */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST
  } catch {
    return false
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
}

/**
 * The file an app:// URL maps to inside the renderer folder. Paths without an extension are app
 * routes and get index.html; anything resolving outside the folder is refused (null).
 */
export function resolveAppFile(rendererRoot: string, rawUrl: string): { file: string; type: string } | null {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  const extension = path.extname(pathname).toLowerCase()
  const relative = extension ? pathname : '/index.html'
  const root = path.resolve(rendererRoot)
  const file = path.resolve(root, `.${relative}`)
  if (file !== root && !file.startsWith(root + path.sep)) return null
  return { file, type: TYPES[extension || '.html'] ?? 'application/octet-stream' }
}

/** The desktop CSP: same-origin code, the API for data and images, inline styles for Mantine. */
export function desktopCsp(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${apiOrigin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigin}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * The app:// protocol handler: files of the renderer folder with the desktop CSP, index.html for app
 * routes (a reload at app://cypher/project/3 gets the app, whose absolute /assets/ paths then resolve).
 */
export function appProtocolHandler(rendererRoot: string, apiOrigin: string) {
  const csp = desktopCsp(apiOrigin)
  return async (request: Request): Promise<Response> => {
    const target = resolveAppFile(rendererRoot, request.url)
    if (!target) return new Response('Not found', { status: 404 })
    try {
      return new Response(await readFile(target.file), {
        headers: {
          'content-type': target.type,
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
        },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  }
}
