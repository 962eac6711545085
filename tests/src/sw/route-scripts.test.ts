import { describe, expect, it } from 'vitest'
import { ROUTE_SCRIPTS_ELEMENT_ID } from '../../../src/contract/page-data'
import {
  READING_ROUTES,
  readingRoutesOfScripts,
  routeScriptsOf,
  withRouteScripts,
} from '../../../src/sw/route-scripts'
import type { ManifestChunk } from '../../../src/sw/staff-chunks'

const split = (file: string) => `src/routes/${file}?tsr-split=component`

/** A build in miniature: every reading screen, the layout, the staff console and a public page. */
function manifest(): Record<string, ManifestChunk> {
  const chunks: Record<string, ManifestChunk> = {
    'index.html': { file: 'assets/index-1.js', src: 'index.html', dynamicImports: ['src/app/start.tsx'] },
    'src/app/start.tsx': {
      file: 'assets/start-1.js',
      src: 'src/app/start.tsx',
      imports: ['_react-1.js'],
      dynamicImports: [split('_portal.tsx'), split('_portal/staff.tsx'), split('about.tsx')],
    },
    '_react-1.js': { file: 'assets/react-1.js' },
    [split('_portal.tsx')]: { file: 'assets/_portal-1.js', imports: ['_banner-1.js', '_react-1.js'] },
    '_banner-1.js': { file: 'assets/banner-1.js', css: ['assets/banner-1.css'] },
    [split('_portal/staff.tsx')]: { file: 'assets/staff-1.js', imports: ['_staff-table-1.js'] },
    '_staff-table-1.js': { file: 'assets/staff-table-1.js' },
    [split('about.tsx')]: { file: 'assets/about-1.js', imports: ['_card-1.js'] },
    '_card-1.js': { file: 'assets/card-1.js' },
    '_select-1.js': { file: 'assets/select-1.js', imports: ['_floating-1.js'] },
    '_floating-1.js': { file: 'assets/floating-1.js' },
  }
  const imports: Record<string, string[]> = {
    '_portal/dashboard.tsx': ['_select-1.js', '_card-1.js', '_react-1.js'],
    '_portal/wallet.tsx': ['_card-1.js'],
  }
  for (const { file } of READING_ROUTES) {
    const name = file.replace(/^_portal\//, '').replace(/\.tsx$/, '')
    chunks[split(file)] = { file: `assets/${name}-1.js`, imports: imports[file] ?? [] }
  }
  return chunks
}

describe('the scripts of the portal reading screens', () => {
  it('are each screen’s route chunk, the layout’s, and every chunk they import', () => {
    const routes = readingRoutesOfScripts(manifest())
    const dashboard = [...routes].filter(([, files]) => files.includes('_portal/dashboard.tsx'))
    expect(dashboard.map(([file]) => file).sort()).toEqual([
      'assets/_portal-1.js',
      'assets/banner-1.js',
      'assets/card-1.js',
      'assets/dashboard-1.js',
      'assets/floating-1.js',
      'assets/select-1.js',
    ])
    expect(routes.get('assets/card-1.js')).toEqual(['_portal/dashboard.tsx', '_portal/wallet.tsx'])
    expect(routes.get('assets/_portal-1.js')).toHaveLength(READING_ROUTES.length)
  })

  it('leave out what the app loads with its start, stylesheets and other screens’ code', () => {
    const files = [...readingRoutesOfScripts(manifest()).keys()]
    for (const other of [
      'assets/index-1.js',
      'assets/start-1.js',
      'assets/react-1.js',
      'assets/banner-1.css',
      'assets/staff-1.js',
      'assets/staff-table-1.js',
      'assets/about-1.js',
    ])
      expect(files).not.toContain(other)
  })

  it('fail the build when a reading screen has no chunk (a renamed route)', () => {
    const chunks = manifest()
    delete chunks[split('_portal/wallet.tsx')]
    expect(() => readingRoutesOfScripts(chunks)).toThrow(/_portal\/wallet\.tsx/)
  })

  it('are listed for the page the worker answers offline, by its address', () => {
    const entries = [
      { url: 'assets/dashboard-1.js', routes: ['_portal/dashboard.tsx'] },
      { url: 'assets/card-1.js', routes: ['_portal/dashboard.tsx', '_portal/project.$id.tsx'] },
      { url: 'assets/project-1.js', routes: ['_portal/project.$id.tsx'] },
      { url: 'assets/about-1.js' },
    ]
    expect(routeScriptsOf('/dashboard', entries)).toEqual(['/assets/dashboard-1.js', '/assets/card-1.js'])
    expect(routeScriptsOf('/project/3', entries)).toEqual(['/assets/card-1.js', '/assets/project-1.js'])
    expect(routeScriptsOf('/about', entries)).toEqual([])
    expect(routeScriptsOf('/staff/tickets', entries)).toEqual([])
  })

  it('go into the offline copy’s head as the list the entry reads', () => {
    const shell = '<html><head><title>Cypher</title></head><body><div id="root"></div></body></html>'
    const html = withRouteScripts(shell, ['/assets/dashboard-1.js', '/assets/</script>.js'])
    const document = new DOMParser().parseFromString(html, 'text/html')
    const element = document.head.querySelector(`#${ROUTE_SCRIPTS_ELEMENT_ID}`)
    expect(JSON.parse(element?.textContent ?? '[]')).toEqual([
      '/assets/dashboard-1.js',
      '/assets/</script>.js',
    ])
    expect(withRouteScripts(shell, [])).toBe(shell)
  })
})
