import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import { exportContent, importContent } from '../../server/modules/content'
import { nextAddress, signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's portfolio projects and offices (issue 15): the public side hides what staff unpublish,
 * at once (cached listings and the assistant's knowledge are dropped), and the content CLI carries the flag.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) })
const publicGet = (url: string) => app.inject({ method: 'GET', url, remoteAddress: nextAddress() })
const names = async (url: string) =>
  ((await publicGet(url)).json().results as { project: { name: string } }[]).map((r) => r.project.name)
const auditActions = async (entityType: string, id: number) =>
  (await app.db.select().from(auditLog).where(eq(auditLog.entityType, entityType)))
    .filter((entry) => entry.entityId === id)
    .map((entry) => entry.action)

describe('content: portfolio projects', () => {
  it('a new project is hidden until published; publishing lists it at once, unpublishing hides it again', async () => {
    // The listing is read (and cached) before the project exists.
    expect(await names('/api/public/projects/?search=Aurora')).toEqual([])
    const created = await send('POST', '/api/staff/content/projects/', {
      name: 'Aurora Ledger',
      short_description: 'Bookkeeping for small shops',
      type: 'Web Platform',
      year: 2025,
      order: 2,
      tech_tools: ['React', 'react', 'Aurora DB'],
      images: ['/images/projects/aurora/1.png'],
      website_url: 'https://aurora.example.com',
    })
    expect(created.statusCode, created.body).toBe(201)
    const project = created.json()
    expect(project).toMatchObject({
      is_active: false,
      path: '/projects/aurora-ledger',
      tech_tools: ['React', 'Aurora DB'],
      images: ['/images/projects/aurora/1.png'],
    })
    expect((await publicGet('/api/public/projects/aurora-ledger/')).statusCode).toBe(404)
    expect(await names('/api/public/projects/?search=Aurora')).toEqual([])

    const published = await send('POST', `/api/staff/content/projects/${project.id}/publish/`)
    expect(published.json().is_active).toBe(true)
    expect(await names('/api/public/projects/?search=Aurora')).toEqual(['Aurora Ledger'])
    const featured = (await publicGet('/api/public/projects/featured/')).json() as {
      project: { name: string }
    }[]
    expect(featured.map((r) => r.project.name)).toContain('Aurora Ledger')
    const page = await publicGet('/api/public/projects/aurora-ledger/')
    expect(page.statusCode).toBe(200)
    expect(page.json().tech_tools.map((t: { name: string }) => t.name)).toEqual(['React', 'Aurora DB'])

    const renamed = await send('PATCH', `/api/staff/content/projects/${project.id}/`, {
      name: 'Aurora Books',
      key: 'aurora',
      images: [],
    })
    expect(renamed.json()).toMatchObject({ path: '/projects/aurora', images: [] })
    expect((await publicGet('/api/public/projects/aurora/')).json().project.name).toBe('Aurora Books')

    await send('POST', `/api/staff/content/projects/${project.id}/unpublish/`)
    expect(await names('/api/public/projects/?search=Aurora')).toEqual([])
    expect((await publicGet('/api/public/projects/aurora/')).statusCode).toBe(404)
    const sitemap = await publicGet('/sitemap.xml')
    expect(sitemap.body).not.toContain('/projects/aurora<')

    expect(await auditActions('public_project', project.id)).toEqual([
      'public_project.create',
      'public_project.publish',
      'public_project.update',
      'public_project.unpublish',
    ])
  })

  it('the assistant stops naming a project as soon as it is unpublished', async () => {
    const ask = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/public/assistant/chat/',
          remoteAddress: nextAddress(),
          payload: {
            message: 'What technologies were used?',
            context: { kind: 'project', slug: 'nile-commerce' },
          },
        })
      ).json() as { sources: { url: string }[] }
    expect((await ask()).sources.map((s) => s.url)).toContain('/projects/nile-commerce')
    const list = await send('GET', '/api/staff/content/projects/?search=Nile%20Commerce')
    const nile = (list.json().results as { id: number; name: string }[]).find(
      (p) => p.name === 'Nile Commerce',
    )
    await send('POST', `/api/staff/content/projects/${nile?.id}/unpublish/`)
    expect((await ask()).sources.map((s) => s.url)).not.toContain('/projects/nile-commerce')
    await send('POST', `/api/staff/content/projects/${nile?.id}/publish/`)
    expect((await ask()).sources.map((s) => s.url)).toContain('/projects/nile-commerce')
  })

  it('answers 400 with field errors to bad input, and 404 to an unknown project', async () => {
    const options = (await send('GET', '/api/staff/content/project-options/')).json()
    expect(options.categories.length).toBeGreaterThan(0)
    expect(options.tech_tools).toContain('React')
    const bad = [
      [{}, 'name'],
      [{ name: 'X', key: 'no spaces' }, 'key'],
      [{ name: 'X', year: 1200 }, 'year'],
      [{ name: 'X', start_date: '2025-02-30' }, 'start_date'],
      [{ name: 'X', logo: 'https://elsewhere.example.com/a.png' }, 'logo'],
      [{ name: 'X', images: ['../../etc/passwd'] }, 'images.0'],
      [{ name: 'X', website_url: 'javascript:alert(1)' }, 'website_url'],
      [{ name: 'X', category_id: 999_999 }, 'category_id'],
      [{ name: 'Nile Commerce' }, 'name'],
      [{ name: 'X', key: 'featured' }, 'key'],
      [{ name: 'X', tech_tools: 'React' }, 'tech_tools'],
    ] as const
    for (const [payload, field] of bad) {
      const response = await send('POST', '/api/staff/content/projects/', payload)
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400)
      expect(Object.keys(response.json()), JSON.stringify(payload)).toContain(field)
    }
    expect((await send('GET', '/api/staff/content/projects/999999/')).statusCode).toBe(404)
    expect((await send('POST', '/api/staff/content/projects/999999/publish/')).statusCode).toBe(404)
    expect((await send('PATCH', '/api/staff/content/projects/abc/', { order: 1 })).statusCode).toBe(400)
    expect((await send('GET', '/api/staff/content/projects/?sort=price')).statusCode).toBe(400)
  })
})

describe('content: offices', () => {
  const officeTitles = async () =>
    ((await publicGet('/api/public/offices/')).json().results as { title: string }[]).map((o) => o.title)

  it('an empty change to an office or a partner answers the record unchanged, not an error', async () => {
    for (const kind of ['offices', 'partners']) {
      const first = ((await send('GET', `/api/staff/content/${kind}/`)).json().results as { id: number }[])[0]
      const before = await send('GET', `/api/staff/content/${kind}/${first?.id}/`)
      const changed = await send('PATCH', `/api/staff/content/${kind}/${first?.id}/`, {})
      expect(changed.statusCode, `${kind}: ${changed.body}`).toBe(200)
      expect(changed.json()).toEqual(before.json())
    }
  })

  it('a new office is hidden until published; an unpublished office leaves the contact page and the assistant', async () => {
    const created = await send('POST', '/api/staff/content/offices/', {
      title: 'Alexandria Office',
      address: '12 Corniche Rd, Alexandria',
      email: 'Alex@Example.com',
      lat: 31.2,
      lng: 29.9,
      position: 5,
    })
    expect(created.statusCode, created.body).toBe(201)
    const office = created.json()
    expect(office).toMatchObject({ is_active: false, email: 'alex@example.com' })
    expect(await officeTitles()).not.toContain('Alexandria Office')
    await send('POST', `/api/staff/content/offices/${office.id}/publish/`)
    expect(await officeTitles()).toContain('Alexandria Office')

    const dubai = (
      (await send('GET', '/api/staff/content/offices/?search=Dubai')).json().results as { id: number }[]
    )[0]
    await send('POST', `/api/staff/content/offices/${dubai?.id}/unpublish/`)
    expect(await officeTitles()).not.toContain('Dubai Office')
    const answer = await app.inject({
      method: 'POST',
      url: '/api/public/assistant/chat/',
      remoteAddress: nextAddress(),
      payload: { message: 'Where are your offices?' },
    })
    expect(answer.json().reply).not.toContain('Dubai')
    await send('POST', `/api/staff/content/offices/${dubai?.id}/publish/`)
    expect(await officeTitles()).toContain('Dubai Office')
    expect(await auditActions('office', office.id)).toEqual(['office.create', 'office.publish'])
  })

  it('answers 400 with field errors to bad input', async () => {
    const bad = [
      [{ address: 'Somewhere' }, 'title'],
      [{ title: 'X' }, 'address'],
      [{ title: 'X', address: 'Y', email: 'not-an-address' }, 'email'],
      [{ title: 'X', address: 'Y', lat: 91 }, 'lat'],
      [{ title: 'X', address: 'Y', lng: 'east' }, 'lng'],
      [{ title: 'X', address: 'Y', position: -1 }, 'position'],
    ] as const
    for (const [payload, field] of bad) {
      const response = await send('POST', '/api/staff/content/offices/', payload)
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400)
      expect(Object.keys(response.json()), JSON.stringify(payload)).toContain(field)
    }
    expect((await send('PATCH', '/api/staff/content/offices/999999/', { title: 'X' })).statusCode).toBe(404)
  })
})

describe('the content CLI and the console share the flag', () => {
  it('exports what staff unpublished as unpublished, and an import can unpublish', async () => {
    const created = (
      await send('POST', '/api/staff/content/offices/', {
        title: 'Giza Office',
        address: 'Pyramids Rd, Giza',
      })
    ).json()
    const doc = await exportContent(app.db)
    const exported = doc.tables.offices?.find((o) => o.id === created.id)
    expect(exported).toMatchObject({ title: 'Giza Office', is_active: false })
    for (const office of doc.tables.offices ?? []) office.is_active = office.id === created.id
    for (const project of doc.tables.projects ?? []) project.is_active = project.name !== 'Souqly'
    await importContent(app.db, doc)
    expect(await (async () => (await publicGet('/api/public/offices/')).json().results)()).toEqual([
      expect.objectContaining({ title: 'Giza Office' }),
    ])
    expect((await publicGet('/api/public/projects/souqly/')).statusCode).toBe(404)
    const staffView = (await send('GET', '/api/staff/content/projects/?active=false')).json()
    expect(staffView.results.map((p: { name: string }) => p.name)).toContain('Souqly')
  })

  it('npm run content carries is_active of projects and offices both ways', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cypher-content-flag-'))
    const file = path.join(dataDir, 'content.json')
    const { DATABASE_URL: _lane, ...inherited } = process.env
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/content.ts', ...args], {
        env: { ...inherited, DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      })
    // A valid document of this version (every table), with two offices and one project of its own.
    const doc = await exportContent(app.db)
    for (const table of Object.keys(doc.tables)) doc.tables[table] = []
    doc.tables.offices = [
      { id: 1, title: 'Head Office', address: 'Cairo', position: 0 },
      { id: 2, title: 'Closed Office', address: 'Tanta', position: 1, is_active: false },
    ]
    doc.tables.projects = [{ id: 1, slug: 'hidden-app', name: 'Hidden App', is_active: false }]
    await writeFile(file, JSON.stringify(doc))
    const imported = run('import', file)
    expect(imported.status, imported.stderr).toBe(0)
    expect(run('export', file).status).toBe(0)
    const again = JSON.parse(await readFile(file, 'utf8'))
    expect(again.tables.offices.map((o: { is_active: boolean }) => o.is_active)).toEqual([true, false])
    expect(again.tables.projects[0]).toMatchObject({ name: 'Hidden App', is_active: false })
  }, 180_000)
})
