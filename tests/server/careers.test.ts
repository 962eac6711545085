import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { careersMessages } from '../../src/contract/careers'
import { jobApplications, jobs, mailOutbox } from '../../server/db/schema'
import { jobsSeed } from '../../server/db/seed/careers'
import { nextAddress } from './helpers/auth'
import { samples, storedUploads, type UploadPart } from './helpers/multipart'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

const { get, post, postForm } = requests(app)
const active = jobsSeed.filter((j) => !j.inactive)
const inactive = jobsSeed.find((j) => j.inactive)

async function jobBySlug(slug: string) {
  const [row] = await app.db.select().from(jobs).where(eq(jobs.slug, slug))
  if (!row) throw new Error(`no job ${slug}`)
  return row
}

const validFields = { name: 'Mariam Adel', email: 'Mariam.Adel@Example.com' }
const cv = (content = samples.pdf(), filename = 'mariam-cv.pdf'): Record<string, UploadPart> => ({
  cv: { filename, content },
})

function apply(
  jobRef: string | number,
  fields: Record<string, string>,
  files: Record<string, UploadPart> = {},
) {
  return postForm(`/api/public/careers/${jobRef}/apply/`, fields, files, { remoteAddress: nextAddress() })
}

describe('GET /api/public/careers/', () => {
  it('pages active jobs 10 at a time, featured first', async () => {
    const first = (await get('/api/public/careers/')).json()
    expect(first.count).toBe(active.length)
    expect(first.results).toHaveLength(10)
    expect(first.next).toMatch(/\/api\/public\/careers\/\?page=2$/)
    expect(first.previous).toBeNull()
    const featured = first.results.map((j: { is_featured: boolean }) => j.is_featured)
    expect(featured).toEqual([...featured].sort((a, b) => Number(b) - Number(a)))

    const second = (await get('/api/public/careers/?page=2')).json()
    expect(second.results).toHaveLength(active.length - 10)
    expect(second.next).toBeNull()
  })

  it('never lists an inactive job', async () => {
    const all = [
      ...(await get('/api/public/careers/?page=1')).json().results,
      ...(await get('/api/public/careers/?page=2')).json().results,
    ]
    expect(all.map((j: { slug: string }) => j.slug)).not.toContain(inactive?.slug)
  })

  it('answers every field of a job, with skills as given (list or comma string)', async () => {
    const all = [
      ...(await get('/api/public/careers/?page=1')).json().results,
      ...(await get('/api/public/careers/?page=2')).json().results,
    ]
    const flutter = all.find((j: { slug: string }) => j.slug === 'mobile-developer-flutter')
    expect(flutter).toMatchObject({
      title: 'Mobile Developer (Flutter)',
      department: 'Engineering',
      location: 'Dubai, UAE',
      job_type: 'full-time',
      work_from: 'onsite',
      experience_level: 'mid',
      skills: 'Flutter, Dart, Firebase, REST APIs, CI/CD',
      salary_range: 'AED 14,000 - 20,000 / month',
      is_active: true,
      is_featured: true,
      application_deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
    expect(flutter.requirements.split('\n').length).toBeGreaterThan(1)
    const senior = all.find((j: { slug: string }) => j.slug === 'senior-full-stack-engineer')
    expect(senior.skills).toEqual(['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Docker'])
  })

  it('filters by department in any letter case', async () => {
    const body = (await get('/api/public/careers/?department=data%20%26%20ai')).json()
    expect(body.count).toBe(active.filter((j) => j.department === 'Data & AI').length)
    expect(body.results.every((j: { department: string }) => j.department === 'Data & AI')).toBe(true)
  })

  it('filters by location anywhere in the text', async () => {
    const body = (await get('/api/public/careers/?location=egypt')).json()
    expect(body.count).toBe(active.filter((j) => j.location.includes('Egypt')).length)
  })

  it('searches titles, descriptions and skills', async () => {
    const byTitle = (await get('/api/public/careers/?search=flutter')).json()
    expect(byTitle.results.map((j: { slug: string }) => j.slug)).toEqual(['mobile-developer-flutter'])
    const bySkill = (await get('/api/public/careers/?search=terraform')).json()
    expect(bySkill.results.map((j: { slug: string }) => j.slug)).toEqual(['devops-engineer'])
  })

  it.each(['page=0', 'search=%00', 'department=%00', 'location=%00'])(
    'rejects %s with 400',
    async (query) => {
      expect((await get(`/api/public/careers/?${query}`)).statusCode).toBe(400)
    },
  )
})

describe('GET /api/public/careers/featured/', () => {
  it('answers the featured active jobs and is not taken for a job slug', async () => {
    const response = await get('/api/public/careers/featured/')
    expect(response.statusCode).toBe(200)
    expect(
      response
        .json()
        .map((j: { slug: string }) => j.slug)
        .sort(),
    ).toEqual(
      active
        .filter((j) => j.featured)
        .map((j) => j.slug)
        .sort(),
    )
  })
})

describe('GET /api/public/careers/{slug}/', () => {
  it('answers a job by slug and by id', async () => {
    const bySlug = await get('/api/public/careers/security-analyst/')
    expect(bySlug.statusCode).toBe(200)
    const job = bySlug.json()
    expect(job.title).toBe('Security Analyst')
    const byId = await get(`/api/public/careers/${job.id}/`)
    expect(byId.json().slug).toBe('security-analyst')
  })

  it('rejects a NUL character in the path with 400', async () => {
    expect((await get('/api/public/careers/a%00b/')).statusCode).toBe(400)
  })

  it.each(['no-such-job', '999999', inactive?.slug ?? 'inactive'])('answers 404 for %s', async (slug) => {
    const response = await get(`/api/public/careers/${slug}/`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: careersMessages.jobNotFound })
  })
})

describe('POST /api/public/careers/{id}/apply/', () => {
  it('stores the application, counts it, mails a confirmation and answers id and message', async () => {
    const job = await jobBySlug('security-analyst')
    const response = await apply(
      job.id,
      {
        ...validFields,
        experience: '1 to 7 years experience',
        phone_number: '20 100 123 4567',
        summary: 'Five years of web application testing.',
        career_id: String(job.id),
      },
      cv(),
    )
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      status: 'success',
      message: careersMessages.applicationSubmitted,
      application: { id: expect.any(Number), career_id: job.id, created_at: expect.any(String) },
    })

    const [stored] = await app.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, body.application.id))
    expect(stored).toMatchObject({
      jobId: job.id,
      name: 'Mariam Adel',
      email: 'mariam.adel@example.com',
      experience: '1 to 7 years experience',
      phoneNumber: '+201001234567',
      summary: 'Five years of web application testing.',
      cvName: 'mariam-cv.pdf',
      cvMime: 'application/pdf',
      status: 'new',
    })
    expect(stored?.cvKey).toMatch(/^cvs\/[0-9a-f-]{36}\.pdf$/)
    expect(await storedUploads(app, 'cvs')).toContain(path.basename(stored?.cvKey ?? ''))
    expect((await jobBySlug('security-analyst')).applicationsCount).toBe(job.applicationsCount + 1)

    const [mail] = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1)
    expect(mail).toMatchObject({
      to: 'mariam.adel@example.com',
      template: 'job-application-confirmation',
      subject: 'We received your application: Security Analyst',
    })
    expect(mail?.text).toContain(`application #${body.application.id}`)
  })

  it('accepts the job slug and the other field names (phone, cover_letter), with .doc and .docx', async () => {
    const doc = await apply(
      'devops-engineer',
      { ...validFields, phone: '+1 (312) 555-0101', cover_letter: 'I run Kubernetes for fun.' },
      cv(samples.doc(), 'cv.doc'),
    )
    expect(doc.statusCode).toBe(201)
    const [row] = await app.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, doc.json().application.id))
    expect(row).toMatchObject({ phoneNumber: '+13125550101', summary: 'I run Kubernetes for fun.' })

    const docx = await apply('devops-engineer', validFields, cv(samples.docx(), 'cv.docx'))
    expect(docx.statusCode).toBe(201)
  })

  it('defaults experience to "0 experience" and keeps phone and summary empty when absent', async () => {
    const response = await apply('ui-ux-designer', { ...validFields, experience: '', phone_number: '' }, cv())
    expect(response.statusCode).toBe(201)
    const [row] = await app.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, response.json().application.id))
    expect(row).toMatchObject({ experience: '0 experience', phoneNumber: '', summary: '' })
  })

  it('accepts each of the spec experience options and refuses others', async () => {
    for (const experience of ['0 experience', '1 to 7 years experience', '+7 years experience']) {
      expect((await apply('ui-ux-designer', { ...validFields, experience }, cv())).statusCode).toBe(201)
    }
    const response = await apply('ui-ux-designer', { ...validFields, experience: '20 years' }, cv())
    expect(response.statusCode).toBe(400)
    expect(response.json().experience).toEqual([careersMessages.invalidExperience])
  })

  it('rejects a phone number that cannot be one', async () => {
    const response = await apply('ui-ux-designer', { ...validFields, phone_number: 'call me maybe' }, cv())
    expect(response.statusCode).toBe(400)
    expect(response.json().phone_number).toEqual([careersMessages.invalidPhone])
  })

  it('answers missing name, e-mail and CV together with the spec message', async () => {
    const before = await storedUploads(app, 'cvs')
    const response = await apply('ui-ux-designer', { name: ' ', email: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: careersMessages.requiredFieldsAndCv,
      name: ['This field is required.'],
      email: ['This field is required.'],
      cv: ['No file was submitted.'],
    })
    expect(await storedUploads(app, 'cvs')).toEqual(before)
  })

  it('answers a bad e-mail with its spec message and keeps no file', async () => {
    const before = await storedUploads(app, 'cvs')
    const response = await apply('ui-ux-designer', { name: 'Ali', email: 'ali@example' }, cv())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: careersMessages.invalidEmail,
      email: [careersMessages.invalidEmail],
    })
    expect(await storedUploads(app, 'cvs')).toEqual(before)
  })

  it('refuses a wrong file type with 415 and the spec message', async () => {
    const byName = await apply('ui-ux-designer', validFields, cv(samples.png(), 'cv.png'))
    expect(byName.statusCode).toBe(415)
    expect(byName.json().detail).toBe(careersMessages.cvBadType)
    const byBytes = await apply('ui-ux-designer', validFields, cv(samples.fakePdf(), 'cv.pdf'))
    expect(byBytes.statusCode).toBe(415)
  })

  it('refuses a CV over 5 MB with 413 while streaming and keeps nothing', async () => {
    const before = await storedUploads(app, 'cvs')
    const job = await jobBySlug('ui-ux-designer')
    const response = await apply(job.id, validFields, cv(samples.bigPdf(5 * 1024 * 1024 + 1)))
    expect(response.statusCode).toBe(413)
    expect(response.json().detail).toBe(careersMessages.cvTooLarge)
    expect(await storedUploads(app, 'cvs')).toEqual(before)
    expect((await jobBySlug('ui-ux-designer')).applicationsCount).toBe(job.applicationsCount)
  })

  it.each([
    ['an unknown job', '999999'],
    ['an inactive job', inactive?.slug ?? 'inactive'],
  ])('answers 404 for %s and stores nothing', async (_label, ref) => {
    const before = await storedUploads(app, 'cvs')
    const response = await apply(ref, validFields, cv())
    expect(response.statusCode).toBe(404)
    expect(response.json().detail).toBe(careersMessages.jobNotFound)
    expect(await storedUploads(app, 'cvs')).toEqual(before)
  })

  it('refuses applications after the deadline', async () => {
    const job = await jobBySlug('technical-writer-contract')
    await app.db.update(jobs).set({ applicationDeadline: '2020-01-31' }).where(eq(jobs.id, job.id))
    const response = await apply(job.id, validFields, cv())
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(careersMessages.deadlinePassed)
  })

  it('refuses NUL characters in a field instead of failing in the database', async () => {
    const response = await apply('ui-ux-designer', { ...validFields, summary: 'a\u0000b' }, cv())
    expect(response.statusCode).toBe(400)
    expect(response.json().summary).toEqual(['Null characters are not allowed.'])
  })

  it('answers a JSON body with 415', async () => {
    const response = await post('/api/public/careers/security-analyst/apply/', validFields, {
      remoteAddress: nextAddress(),
    })
    expect(response.statusCode).toBe(415)
  })

  it('is rate limited per client address', async () => {
    const remoteAddress = nextAddress()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await postForm('/api/public/careers/999999/apply/', validFields, {}, { remoteAddress })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('SEO for jobs', () => {
  it('lists active jobs in the sitemap and not inactive ones', async () => {
    const xml = (await get('/sitemap.xml')).body
    expect(xml).toContain('/careers/machine-learning-engineer</loc>')
    expect(xml).not.toContain(`/careers/${inactive?.slug}<`)
  })

  it('describes a job page, using the default sentence when the job has no description', async () => {
    const meta = await Promise.all(
      app.seo.resolvers.map((r) => r('/careers/sales-development-representative')),
    )
    const found = meta.find(Boolean)
    expect(found?.title).toContain('Sales Development Representative')
    expect(found?.description).toContain('Chicago, USA')
    expect(found?.description).toContain('Join our team')
  })
})

describe('OpenAPI', () => {
  it('documents the blog, careers and newsletter calls', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/public/blog/categories/',
        '/api/public/blog/posts/',
        '/api/public/blog/posts/featured/',
        '/api/public/blog/posts/{slug}/',
        '/api/public/careers/',
        '/api/public/careers/featured/',
        '/api/public/careers/{slug}/',
        '/api/public/careers/{id}/apply/',
        '/api/public/newsletter/subscribe/',
        '/api/public/newsletter/unsubscribe/',
      ]),
    )
  })
})
