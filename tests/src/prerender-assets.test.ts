import { describe, expect, it } from 'vitest'
import { routeAssets, routeIdOfFile, type RouteInfo, type ViteManifest } from '@/prerender-assets'

describe('routeIdOfFile', () => {
  it('follows the router’s file convention', () => {
    expect(routeIdOfFile('index')).toBe('/')
    expect(routeIdOfFile('services/index')).toBe('/services/')
    expect(routeIdOfFile('services/$slug')).toBe('/services/$slug')
    expect(routeIdOfFile('_portal/project.$id')).toBe('/_portal/project/$id')
    expect(routeIdOfFile('login')).toBe('/login')
  })
})

// A miniature manifest: the entry loads base.css through a shared chunk and starts the app, whose
// stylesheets every page needs; pages add their own.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/app/start.tsx'],
    css: ['assets/index.css'],
  },
  'src/app/start.tsx': { file: 'assets/start.js', imports: ['_layout.js', '_shared.js'] },
  '_layout.js': { file: 'assets/layout.js', css: ['assets/layout.css'] },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/base.css'] },
  '_cta.js': { file: 'assets/cta.js', css: ['assets/cta.css'], imports: ['_shared.js'] },
  'src/routes/index.tsx?tsr-split=component': {
    file: 'assets/home.js',
    css: ['assets/home.css'],
    imports: ['_cta.js'],
  },
  'src/routes/_portal.tsx?tsr-split=component': { file: 'assets/portal.js', css: ['assets/portal.css'] },
  'src/routes/_portal/dashboard.tsx?tsr-split=component': { file: 'assets/dash.js', imports: ['_cta.js'] },
  'src/routes/services/$slug.tsx?tsr-split=component': { file: 'assets/service.js' },
}
const routes: RouteInfo[] = [
  { id: '__root__', fullPath: '', parentId: null, isLeaf: false },
  { id: '/', fullPath: '/', parentId: '__root__', isLeaf: true },
  { id: '/_portal', fullPath: '', parentId: '__root__', isLeaf: false },
  { id: '/_portal/dashboard', fullPath: '/dashboard', parentId: '/_portal', isLeaf: true },
  { id: '/services/$slug', fullPath: '/services/$slug', parentId: '__root__', isLeaf: true },
  { id: '/services/', fullPath: '/services/', parentId: '__root__', isLeaf: true },
  { id: '/$', fullPath: '/$', parentId: '__root__', isLeaf: true },
]

describe('routeAssets', () => {
  const pages = routeAssets(manifest, routes)

  it('gives each page the stylesheets of the app, of its chunk and what it imports, minus the entry’s', () => {
    expect(pages['/']?.css).toEqual(['/assets/layout.css', '/assets/home.css', '/assets/cta.css'])
  })

  it('names the scripts of a page’s routes and what they import, minus what the app’s import fetches anyway', () => {
    // shared.js comes with the entry, start.js and layout.js with the app's own import.
    expect(pages['/']?.js).toEqual(['/assets/home.js', '/assets/cta.js'])
    expect(pages['/dashboard']?.js).toEqual(['/assets/portal.js', '/assets/dash.js', '/assets/cta.js'])
    expect(pages['/services/$slug']?.js).toEqual(['/assets/service.js'])
  })

  it('includes the layouts above a page, outermost first', () => {
    expect(pages['/dashboard']?.css).toEqual(['/assets/layout.css', '/assets/portal.css', '/assets/cta.css'])
  })

  it('lists pages by URL pattern without a trailing slash, and skips the catch-all', () => {
    expect(pages['/services/$slug']?.css).toEqual(['/assets/layout.css'])
    expect(pages['/services']).toEqual({ css: ['/assets/layout.css'], js: [] })
    expect(Object.keys(pages)).not.toContain('/$')
  })

  it('fails the build when a chunk names no known route', () => {
    const stray = { ...manifest, 'src/routes/gone.tsx?tsr-split=component': { file: 'assets/gone.js' } }
    expect(() => routeAssets(stray, routes)).toThrow(/gone\.tsx/)
  })
})
