import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { blogPosts, jobApplications, jobs, partners, projects } from '../../server/db/schema'
import {
  ContentError,
  exportContent,
  importContent,
  type ContentDocument,
  type ContentRow,
} from '../../server/modules/content/transfer'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
let original: ContentDocument
beforeAll(async () => {
  original = await exportContent(app.db)
})

const copy = (): ContentDocument => JSON.parse(JSON.stringify(original))
const rows = (doc: ContentDocument, table: string): ContentRow[] => doc.tables[table] ?? []

describe('content export', () => {
  it('writes every content table with database column names, and no submissions or accounts', () => {
    expect(original.format).toBe('cypher-content')
    expect(rows(original, 'projects').length).toBeGreaterThanOrEqual(24)
    expect(rows(original, 'blog_posts').length).toBeGreaterThanOrEqual(25)
    expect(rows(original, 'jobs').length).toBeGreaterThanOrEqual(12)
    expect(rows(original, 'partners').length).toBeGreaterThanOrEqual(10)
    expect(rows(original, 'offices').length).toBe(2)
    expect(Object.keys(rows(original, 'projects')[0] ?? {})).toContain('short_description')
    for (const private_ of [
      'users',
      'clients',
      'job_applications',
      'contact_messages',
      'newsletter_subscribers',
    ]) {
      expect(original.tables[private_]).toBeUndefined()
    }
  })
})

describe('content import', () => {
  it('round-trips an unchanged export without changing anything', async () => {
    const summary = await importContent(app.db, copy())
    expect(Object.values(summary.tables).every((t) => t.removed === 0)).toBe(true)
    // HTML is cleaned again on the way in (attribute order may change); everything else is identical.
    const withoutHtml = (doc: ContentDocument) =>
      Object.fromEntries(
        Object.entries(doc.tables).map(([t, list]) => [
          t,
          list.map(({ content: _c, job_description: _j, ...rest }) => rest),
        ]),
      )
    expect(withoutHtml(await exportContent(app.db))).toEqual(withoutHtml(original))
  })

  it('updates, adds and removes rows, cleans HTML, and keeps new ids working', async () => {
    const doc = copy()
    const firstProject = rows(doc, 'projects')[0]
    if (firstProject) firstProject.name = 'Renamed Platform'
    const removedPartner = rows(doc, 'partners').pop()
    const post = { ...rows(doc, 'blog_posts')[0] }
    rows(doc, 'blog_posts').push({
      ...post,
      id: 9000,
      slug: 'imported-post',
      title: 'Imported',
      content: '<p>Hello</p><script>alert(1)</script><a href="https://x.example">x</a>',
    })
    await importContent(app.db, doc)

    const [project] = await app.db
      .select()
      .from(projects)
      .where(eq(projects.id, Number(firstProject?.id)))
    expect(project?.name).toBe('Renamed Platform')
    expect(
      await app.db
        .select()
        .from(partners)
        .where(eq(partners.id, Number(removedPartner?.id))),
    ).toEqual([])
    const [imported] = await app.db.select().from(blogPosts).where(eq(blogPosts.slug, 'imported-post'))
    expect(imported?.content).not.toContain('<script>')
    expect(imported?.content).toContain('<p>Hello</p>')
    // The identity sequence moved past the largest id, so new rows do not collide with imported ones.
    if (!imported) throw new Error('imported post missing')
    const { id: _importedId, ...postFields } = imported
    await app.db.insert(blogPosts).values({ ...postFields, slug: 'after-import' })
    const [fresh] = await app.db
      .insert(partners)
      .values({ name: 'New Partner' })
      .returning({ id: partners.id })
    const ids = (await app.db.select({ id: partners.id }).from(partners)).map((p) => p.id)
    expect(fresh?.id).toBe(Math.max(...ids))
  })

  it('changes nothing when one row is invalid, and names the problem', async () => {
    const doc = copy()
    const project = rows(doc, 'projects')[1]
    if (project) {
      project.year = 'last year'
      project.colour = 'blue'
    }
    const before = await exportContent(app.db)
    const error = await importContent(app.db, doc).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContentError)
    const message = (error as Error).message
    expect(message).toContain('projects[1].year: expected an integer')
    expect(message).toContain('projects[1].colour: unknown column of projects')
    expect((await exportContent(app.db)).tables).toEqual(before.tables)
  })

  it('rolls back when the database refuses a row (a link to a missing project)', async () => {
    const doc = copy()
    const link = rows(doc, 'project_links')[0]
    if (link) link.project_id = 999_999
    const error = await importContent(app.db, doc).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContentError)
    expect((error as Error).message).toMatch(/refused a row/)
  })

  it('refuses files of another format, unknown tables and missing tables', async () => {
    await expect(importContent(app.db, { format: 'other' })).rejects.toThrow(/"format" must be/)
    const doc = copy()
    doc.tables.users = []
    delete doc.tables.offices
    const error = await importContent(app.db, doc).catch((e: unknown) => e)
    expect((error as Error).message).toContain('unknown table "users"')
    expect((error as Error).message).toContain('table "offices" is missing')
  })

  it('never removes a job that has applications', async () => {
    const [job] = await app.db.select().from(jobs).where(eq(jobs.isActive, true)).limit(1)
    if (!job) throw new Error('no job seeded')
    await app.db.insert(jobApplications).values({
      jobId: job.id,
      name: 'Applicant',
      email: 'a@example.com',
      experience: '0 experience',
      cvKey: 'cvs/x.pdf',
      cvName: 'x.pdf',
      cvSize: 10,
      cvMime: 'application/pdf',
    })
    const doc = await exportContent(app.db)
    doc.tables.jobs = rows(doc, 'jobs').filter((j) => j.id !== job.id)
    await expect(importContent(app.db, doc)).rejects.toThrow(/have applications and cannot be removed/)
    expect(await app.db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(1)
  })

  it('checks a file without changing anything in a dry run', async () => {
    const doc = copy()
    doc.tables.partners = []
    const summary = await importContent(app.db, doc, { dryRun: true })
    expect(summary.tables.partners?.removed).toBeGreaterThan(0)
    expect((await app.db.select().from(partners)).length).toBeGreaterThan(0)
  })
})

describe('npm run content', () => {
  it('exports and imports through the command line, and refuses next to a running server', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cypher-content-cli-'))
    const file = path.join(dataDir, 'content.json')
    // The command runs on its own embedded database, whichever lane the suite runs in.
    const { DATABASE_URL: _lane, ...inherited } = process.env
    const env = {
      ...inherited,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'silent',
    }
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/content.ts', ...args], {
        env,
        encoding: 'utf8',
      })

    const usage = run('publish')
    expect(usage.status).toBe(64)
    expect(usage.stderr).toContain('Usage:')

    // A fresh folder has no content yet: the export is empty but valid, the import loads the file.
    expect(run('export', file).status).toBe(0)
    const exported = JSON.parse(await readFile(file, 'utf8'))
    expect(exported.format).toBe('cypher-content')
    exported.tables.offices = [{ id: 1, title: 'Head Office', address: 'Cairo', position: 0 }]
    await writeFile(file, JSON.stringify(exported))
    const imported = run('import', file)
    expect(imported.stdout).toContain('Imported')
    expect(imported.status).toBe(0)

    await writeFile(path.join(dataDir, 'server.pid'), String(process.pid === 1 ? 2 : 1))
    const blocked = run('export', file)
    expect(blocked.status).toBe(1)
    expect(blocked.stderr).toContain('stop the server first')
  }, 180_000)
})
