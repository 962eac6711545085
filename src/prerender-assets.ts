/**
 * Which stylesheets each page needs, worked out at build time from Vite's manifest, so the server can
 * name them in the page's head. Without this a page's own styles (CSS modules of its route and the
 * components it uses) arrive only when the router loads its chunk: a prerendered page first paints
 * without them and then pays a second full style pass. Scripts are not named in the head: there they
 * compete with the stylesheets for the first paint (measured with Lighthouse). The server lists them
 * as data instead, and the entry asks for them when it starts the app (src/main.tsx), so the page's
 * route chunks download while the app evaluates instead of after it.
 */

/** The part of Vite's build manifest (build.manifest) read here. */
export type ViteManifest = Record<
  string,
  {
    file: string
    css?: string[]
    imports?: string[]
    dynamicImports?: string[]
    isEntry?: boolean
    src?: string
  }
>

/** Stylesheets a page needs beyond what index.html already loads, and the scripts of its routes beyond
 * what the app's own chunk imports, as absolute URLs. */
export type RouteAssets = { css: string[]; js: string[] }

/** A route as the router describes it: its id, its URL pattern and its parent's id. */
export type RouteInfo = { id: string; fullPath: string; parentId: string | null; isLeaf: boolean }

const SPLIT_COMPONENT = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/

/**
 * The route id TanStack Router gives a file under src/routes: dots and folders nest, `index` is the
 * parent's index route ('services/index' → '/services/', 'index' → '/', '_portal/project.$id' →
 * '/_portal/project/$id').
 */
export function routeIdOfFile(file: string): string {
  const id = `/${file.replace(/\./g, '/')}`
  return id.endsWith('/index') ? id.slice(0, -'index'.length) : id
}

/** '/services/' and '/services' are one page; '/' stays '/'. */
export function normalisePattern(fullPath: string): string {
  const trimmed = fullPath.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** Some chunks and every chunk they import statically, in the order met. */
function closure(manifest: ViteManifest, keys: string[]): ViteManifest[string][] {
  const chunks: ViteManifest[string][] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Vite manifest has no chunk "${key}"`)
    chunks.push(chunk)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return chunks
}

/** The stylesheets of some chunks and of every chunk they import statically. */
const stylesheets = (manifest: ViteManifest, keys: string[]) =>
  new Set(closure(manifest, keys).flatMap((chunk) => (chunk.css ?? []).map((sheet) => `/${sheet}`)))

/** The script files of some chunks and of every chunk they import statically. */
const scripts = (manifest: ViteManifest, keys: string[]) =>
  new Set(closure(manifest, keys).map((chunk) => `/${chunk.file}`))

/**
 * For every page pattern ('/services/$slug', '/login', ...), the stylesheets of its route and of every
 * layout above it, with those of the app the entry starts (src/main.tsx imports it dynamically: its
 * stylesheets are not in index.html), minus what the entry already loads. The catch-all route ('/$', which
 * only redirects home) gets nothing. Throws when a split chunk's file does not name a known route, so a
 * change in the router's conventions fails the build instead of silently losing the preloads.
 */
export function routeAssets(manifest: ViteManifest, routes: RouteInfo[]): Record<string, RouteAssets> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('.html'))
  if (!entryKey) throw new Error('Vite manifest has no HTML entry')
  const loadedByEntry = stylesheets(manifest, [entryKey])
  const app = manifest[entryKey]?.dynamicImports ?? []
  // Asked for by the app's own import at the same moment: no need to name them again.
  const loadedWithApp = scripts(manifest, [entryKey, ...app])

  const byId = new Map(routes.map((route) => [route.id, route]))
  const chunkOfRoute = new Map<string, string>()
  for (const key of Object.keys(manifest)) {
    const file = SPLIT_COMPONENT.exec(key)?.[1]
    if (!file) continue
    const id = routeIdOfFile(file)
    if (!byId.has(id)) throw new Error(`${key} does not belong to a known route (expected id ${id})`)
    chunkOfRoute.set(id, key)
  }

  const pages: Record<string, RouteAssets> = {}
  for (const route of routes) {
    if (!route.isLeaf || route.fullPath.endsWith('$')) continue
    const keys: string[] = []
    for (let current: RouteInfo | undefined = route; current;) {
      const key = chunkOfRoute.get(current.id)
      if (key) keys.unshift(key)
      current = current.parentId ? byId.get(current.parentId) : undefined
    }
    pages[normalisePattern(route.fullPath)] = {
      css: [...stylesheets(manifest, [...app, ...keys])].filter((href) => !loadedByEntry.has(href)),
      js: [...scripts(manifest, keys)].filter((src) => !loadedWithApp.has(src)),
    }
  }
  return pages
}
