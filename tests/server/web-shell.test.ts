import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderAppShell } from '../../server/lib/app-shell'
import { openTestApp } from './helpers/test-app'

// A miniature web build: the shell with its head marker, one hashed asset and one prerendered page.
const dist = await mkdtemp(path.join(os.tmpdir(), 'cypher-dist-'))
const web = path.join(dist, 'web')
await mkdir(path.join(web, 'assets'), { recursive: true })
// As scripts/prerender.mjs writes them.
await writeFile(
  path.join(dist, 'prerendered.json'),
  JSON.stringify({ '/about': '<main><h1>About us</h1></main>' }),
)
await writeFile(
  path.join(dist, 'route-assets.json'),
  JSON.stringify({
    '/about': { css: ['/assets/about-1.css'] },
    '/projects/$slug': { css: ['/assets/project-2.css'], js: ['/assets/project-4.js', '/assets/Card-5.js'] },
    '/projects': { css: ['/assets/list-3.css'] },
  }),
)
await writeFile(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><title>Default</title><!--app-head--></head><body><div id="root"></div></body></html>',
)
await writeFile(path.join(web, 'assets/index-abc123.js'), 'console.log("app")')
await writeFile(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {})')
await writeFile(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
const app = await openTestApp({ env: { WEB_DIST: web, PUBLIC_URL: 'https://cypher.example' } })

describe('serving the web build', () => {
  it('caches hashed assets for a year and marks them immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('never caches the service worker', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' })
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('answers app routes with the shell, uncached, with the page title, description and canonical URL', async () => {
    const response = await app.inject({ method: 'GET', url: '/services' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain('<title>Services | Cypher</title>')
    expect(response.body).toContain('<meta name="description"')
    expect(response.body).toContain('<link rel="canonical" href="https://cypher.example/services" />')
    expect(response.body).toContain('<meta property="og:title" content="Services | Cypher" />')
    expect(response.body).not.toContain('<title>Default</title>')
  })

  it('marks portal pages noindex and still serves deep links', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard?tab=projects' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<meta name="robots" content="noindex" />')
  })

  it('serves the shell for unknown app paths (the renderer redirects them to /)', async () => {
    const response = await app.inject({ method: 'GET', url: '/some/unknown/page' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })

  it('does not fall back for the API, missing files or server-owned paths', async () => {
    for (const url of [
      '/api/nope/',
      '/assets/missing-123.js',
      '/missing.png',
      '/sandbox/checkout/1',
      '/dev/outbox',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toMatch(/application\/json/)
    }
  })

  it('does not answer other methods with the shell', async () => {
    const response = await app.inject({ method: 'POST', url: '/services', payload: {} })
    expect(response.statusCode).toBe(404)
  })

  it('sends HSTS and upgrade-insecure-requests behind https', async () => {
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.headers['strict-transport-security']).toMatch(/max-age=/)
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests')
  })

  it('escapes page metadata so content cannot inject markup', async () => {
    app.addPageMeta((pathname) =>
      pathname === '/projects/evil'
        ? { title: '</title><script>alert(1)</script>', description: '"><img src=x>' }
        : null,
    )
    const response = await app.inject({ method: 'GET', url: '/projects/evil' })
    expect(response.body).not.toContain('<script>alert(1)</script>')
    expect(response.body).toContain('&#60;/title&#62;&#60;script&#62;')
  })
})

describe('prerendered pages', () => {
  it('puts the page HTML into #root with the head script (splash gate, early presses) the CSP allows', async () => {
    const response = await app.inject({ method: 'GET', url: '/about/' })
    expect(response.body).toContain('<div id="root"><main><h1>About us</h1></main></div>')
    const gate = /<script>([^<]*)<\/script>/.exec(response.body)?.[1] ?? ''
    expect(gate).toContain('cypher-splash-shown')
    expect(gate).toContain('__cypherEarlyClick')
    const hash = createHash('sha256').update(gate).digest('base64')
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`)
  })

  it('leaves other pages empty for the renderer, without inline scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/services' })
    expect(response.body).toContain('<div id="root"></div>')
    expect(response.body).not.toContain('<script>')
  })
})

describe('page stylesheets', () => {
  const links = (body: string) =>
    [...body.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1])

  it('names the page’s own stylesheets at the end of the head', async () => {
    const about = await app.inject({ method: 'GET', url: '/about' })
    expect(links(about.body)).toEqual(['/assets/about-1.css'])
    expect(about.body).toContain('<link rel="stylesheet" crossorigin href="/assets/about-1.css"></head>')
  })

  it('matches pages with parameters, preferring fixed segments', async () => {
    expect(links((await app.inject({ method: 'GET', url: '/projects/some-app' })).body)).toEqual([
      '/assets/project-2.css',
    ])
    expect(links((await app.inject({ method: 'GET', url: '/projects/' })).body)).toEqual([
      '/assets/list-3.css',
    ])
  })

  it('lists the scripts of the page’s routes as data for the entry, not as links that load them', async () => {
    const body = (await app.inject({ method: 'GET', url: '/projects/some-app' })).body
    const listed = /<script type="application\/json" id="cypher-route-scripts">([^<]*)<\/script>/.exec(
      body,
    )?.[1]
    expect(JSON.parse(listed ?? 'null')).toEqual(['/assets/project-4.js', '/assets/Card-5.js'])
    expect(body).not.toContain('modulepreload')
    const about = (await app.inject({ method: 'GET', url: '/about' })).body
    expect(about).not.toContain('cypher-route-scripts')
  })

  it('adds nothing for pages without their own stylesheets or unknown paths', async () => {
    for (const url of ['/services', '/projects/a/b', '/nowhere']) {
      expect(links((await app.inject({ method: 'GET', url })).body), url).toEqual([])
    }
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('points robots to the sitemap and keeps crawlers out of the API and portal', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.body).toContain('Sitemap: https://cypher.example/sitemap.xml')
    expect(response.body).toContain('Disallow: /api/')
    expect(response.body).toContain('Disallow: /dashboard')
  })

  it('lists the public static pages but not the portal', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(response.headers['content-type']).toMatch(/application\/xml/)
    expect(response.body).toContain('<loc>https://cypher.example/services</loc>')
    expect(response.body).toContain('<loc>https://cypher.example/</loc>')
    expect(response.body).not.toContain('/dashboard</loc>')
  })
})

describe('compression', () => {
  it('compresses a large page for browsers that accept brotli, and leaves small answers alone', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(page.headers['content-encoding']).toBe('br')
    const shell = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } })
    expect(shell.headers['content-encoding']).toBe('gzip')
    const small = await app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})

describe('template text with $-patterns', () => {
  it("inserts a title holding $` $' $& $$ as text, not as parts of the template", async () => {
    const html = await renderAppShell(
      '<!doctype html><html><head><title>Default</title><!--app-head--></head><body><div id="root"></div></body></html>',
      '/certificate/x',
      'https://cypher.example',
      [() => ({ title: "Course $` $' $& $$ done", description: 'About $`' })],
      app.log,
      { '/certificate/x': '<main>Price $` and $&</main>' },
    )
    expect(html).toContain('<title>Course $` $&#39; $&#38; $$ done</title>')
    expect(html).toContain('<main>Price $` and $&</main>')
    expect(html.match(/<!doctype html>/g)).toHaveLength(1)
    expect(html.match(/<\/head>/g)).toHaveLength(1)
  })

  it('serves GET /certificate/%24%60 as a well-formed page', async () => {
    const response = await app.inject({ method: 'GET', url: '/certificate/%24%60' })
    expect(response.statusCode).toBe(200)
    expect(response.body.match(/<!doctype html>/g)).toHaveLength(1)
    expect(response.body.match(/<head>/g)).toHaveLength(1)
  })
})
