/**
 * The scripts of the portal's reading screens, for the offline copy the service worker answers with.
 * Online, the server lists a page's route scripts in its head (server/lib/app-shell.ts) and the entry
 * asks for them at once (src/main.tsx). The offline copy is the bare index.html: without a list, the
 * dashboard's ~90 chunks were asked for only after the app's own code had arrived and run, a second
 * wave of requests after the first. The build marks each precache entry with the reading screens whose
 * page loads it (vite.config.ts), and the worker lists them in the offline copy the same way.
 */
// Relative: vite.config.ts loads this file without the '@' alias.
import { ROUTE_SCRIPTS_ELEMENT_ID } from '../contract/page-data.ts'
import type { ManifestChunk } from './staff-chunks'

/** A reading screen: its address and its route file under src/routes. */
interface ReadingRoute {
  path: RegExp
  file: string
}

/** The portal's reading screens (PORTAL_READING_PATH without the staff console). */
export const READING_ROUTES: readonly ReadingRoute[] = [
  { path: /^\/dashboard\/?$/, file: '_portal/dashboard.tsx' },
  { path: /^\/wallet\/?$/, file: '_portal/wallet.tsx' },
  { path: /^\/billing\/?$/, file: '_portal/billing.tsx' },
  { path: /^\/billing\/\d+\/?$/, file: '_portal/billing_.$id.tsx' },
  { path: /^\/settings\/?$/, file: '_portal/settings.tsx' },
  { path: /^\/project\/[^/]+\/?$/, file: '_portal/project.$id.tsx' },
  { path: /^\/domain\/[^/]+\/?$/, file: '_portal/domain.$id.tsx' },
  { path: /^\/manage-msg\/[^/]+\/?$/, file: '_portal/manage-msg.$id.tsx' },
]

/** The layout every portal page sits under. */
const PORTAL_LAYOUT = '_portal.tsx'

const splitChunk = (file: string) => `src/routes/${file}?tsr-split=component`

/** Some chunks and every chunk they import statically. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...keys]
  for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
    const chunk = manifest[key]
    if (seen.has(key) || !chunk) continue
    seen.add(key)
    stack.push(...(chunk.imports ?? []))
  }
  return seen
}

/**
 * For every script file a reading screen's page loads beyond what the entry and the app's start load
 * with them, the route files of those screens (output file → route files). Throws when a reading
 * screen has no chunk: a renamed route must fail the build, not silently lose the preload.
 */
export function readingRoutesOfScripts(manifest: Record<string, ManifestChunk>): Map<string, string[]> {
  const entryKey = Object.keys(manifest).find((key) => key.endsWith('.html') && manifest[key]?.file)
  const entry = entryKey ? manifest[entryKey] : undefined
  const withApp = closure(manifest, entryKey ? [entryKey, ...(entry?.dynamicImports ?? [])] : [])
  const routes = new Map<string, string[]>()
  for (const { file } of READING_ROUTES) {
    const own = splitChunk(file)
    if (!manifest[own]) throw new Error(`The build has no chunk for the reading screen ${own}`)
    for (const key of closure(manifest, [splitChunk(PORTAL_LAYOUT), own])) {
      const chunk = manifest[key]
      if (withApp.has(key) || !chunk?.file.endsWith('.js')) continue
      routes.set(chunk.file, [...(routes.get(chunk.file) ?? []), file])
    }
  }
  return routes
}

/** The scripts (absolute paths) the page at `pathname` loads, from precache entries marked with `routes`. */
export function routeScriptsOf(
  pathname: string,
  entries: ReadonlyArray<{ url: string; routes?: string[] }>,
): string[] {
  const route = READING_ROUTES.find(({ path }) => path.test(pathname))
  if (!route) return []
  return entries
    .filter((entry) => entry.routes?.includes(route.file))
    .map((entry) => `/${entry.url.replace(/^\//, '')}`)
}

/** The shell with the page's route scripts listed in its head, as the server lists them online. */
export function withRouteScripts(html: string, scripts: readonly string[]): string {
  if (scripts.length === 0) return html
  const list = `<script type="application/json" id="${ROUTE_SCRIPTS_ELEMENT_ID}">${JSON.stringify(scripts).replace(/</g, '\\u003c')}</script>`
  return html.replace('</head>', () => `${list}</head>`)
}
