import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openTestApp } from './helpers/test-app'

// A miniature build with a rendering bundle as scripts/prerender.mjs keeps it: it renders /projects
// from the real API (answered in-process) and fails for '?fail=1'.
const dist = await mkdtemp(path.join(os.tmpdir(), 'cypher-rendered-'))
const web = path.join(dist, 'web')
await mkdir(path.join(dist, 'prerender'), { recursive: true })
await mkdir(web, { recursive: true })
await writeFile(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><title>Default</title><!--app-head--></head><body><div id="root"></div></body></html>',
)
await writeFile(
  path.join(dist, 'prerender', 'prerender.js'),
  `export const DATA_RENDERED_PATHS = ['/projects']
globalThis.renders = 0
export async function renderPageWithData(url, api) {
  globalThis.renders += 1
  if (url.includes('fail=1')) throw new Error('no data')
  const answer = await (await api('/api/public/projects/?page=1', { method: 'GET' })).json()
  return { html: '<main><h1>Our Projects</h1><p>' + answer.count + ' projects</p></main>', state: { note: '</script><b>' } }
}`,
)
const app = await openTestApp({ env: { WEB_DIST: web, PUBLIC_URL: 'https://cypher.example' } })
const renders = () => (globalThis as { renders?: number }).renders ?? 0

describe('pages rendered with their data', () => {
  it('puts the rendered page in #root and its data beside it, unable to close its script element', async () => {
    const { count } = (await app.inject({ method: 'GET', url: '/api/public/projects/?page=1' })).json<{
      count: number
    }>()
    const response = await app.inject({ method: 'GET', url: '/projects' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(
      `<div id="root"><main><h1>Our Projects</h1><p>${count} projects</p></main></div>`,
    )
    expect(response.body).toContain(
      '<script type="application/json" id="cypher-page-data">{"note":"\\u003c/script>\\u003cb>"}</script>',
    )
    // Like a prerendered page: the head script that remembers early presses.
    expect(response.body).toContain("addEventListener('click'")
  })

  it('serves one render per address for a while', async () => {
    await app.inject({ method: 'GET', url: '/projects?page=2' })
    const before = renders()
    await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/projects?page=2' })))
    expect(renders()).toBe(before)
    await app.inject({ method: 'GET', url: '/projects?page=3' })
    expect(renders()).toBe(before + 1)
  })

  it('leaves the page to the browser when the render fails, and tries again next time', async () => {
    const response = await app.inject({ method: 'GET', url: '/projects?fail=1' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<div id="root"></div>')
    expect(response.body).not.toContain('cypher-page-data')
    const before = renders()
    await app.inject({ method: 'GET', url: '/projects?fail=1' })
    expect(renders()).toBe(before + 1)
  })

  it('renders only the pages the bundle names', async () => {
    const response = await app.inject({ method: 'GET', url: '/services' })
    expect(response.body).toContain('<div id="root"></div>')
  })
})
