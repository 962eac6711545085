import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  featuredProjectsSchema,
  productCategoryListSchema,
  projectDetailSchema,
  projectListSchema,
  type ProjectListItem,
} from '../../src/contract/projects'
import { offerListSchema, offerSchema } from '../../src/contract/offers'
import { partnerListSchema } from '../../src/contract/partners'
import { offers, projects } from '../../server/db/schema'
import { requests } from './helpers/requests'
import { createTestApp, openTestApp } from './helpers/test-app'

const app = await openTestApp()

const { get } = requests(app)

async function listProjects(query = '') {
  const response = await get(`/api/public/projects/${query}`)
  expect(response.statusCode).toBe(200)
  return projectListSchema.parse(response.json())
}

async function categoriesByName() {
  const body = productCategoryListSchema.parse((await get('/product-category/?page=1')).json())
  return new Map(body.results.map((c) => [c.name, c.id]))
}

const names = (items: ProjectListItem[]) => items.map((item) => item.project.name)

describe('GET /product-category/', () => {
  it('lists the three project profiles in filter order, paginated, at the path without /api', async () => {
    const response = await get('/product-category/?page=1')
    expect(response.statusCode).toBe(200)
    const body = productCategoryListSchema.parse(response.json())
    expect(body).toMatchObject({ count: 3, next: null, previous: null })
    expect(body.results.map((c) => c.name)).toEqual(['Mobile Apps', 'Web Platforms', 'Enterprise & AI'])
  })

  it('rejects a page that is not a positive integer with 400', async () => {
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const response = await get(`/product-category/?page=${page}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ detail: 'Invalid input.', page: expect.any(Array) })
    }
  })
})

describe('GET /api/public/projects/', () => {
  it('serves 20 projects per page with absolute next/previous links', async () => {
    const first = await listProjects()
    expect(first.count).toBe(25)
    expect(first.results).toHaveLength(20)
    expect(first.previous).toBeNull()
    expect(first.next).toBe(`${app.config.publicUrl}/api/public/projects/?page=2`)

    const second = await listProjects('?page=2')
    expect(second.results).toHaveLength(5)
    expect(second.next).toBeNull()
    expect(second.previous).toBe(`${app.config.publicUrl}/api/public/projects/?page=1`)
    const ids = new Set([...first.results, ...second.results].map((item) => item.id))
    expect(ids.size).toBe(25)
  })

  it('lists featured projects (order 3 or lower) first', async () => {
    const { results } = await listProjects()
    const orders = results.map((item) => item.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(results.slice(0, 9).every((item) => item.order <= 3)).toBe(true)
  })

  it('answers each item in the first reading of the spec, with its children in order', async () => {
    const { results } = await listProjects('?search=Souqly')
    expect(results).toHaveLength(1)
    const [souqly] = results
    expect(souqly).toMatchObject({
      order: 1,
      year: 2024,
      banner_image: '/images/projects/souqly/banner.svg',
      profile: { name: 'Mobile Apps' },
      project: {
        key: 'souqly',
        name: 'Souqly',
        type: 'Mobile App',
        start_date: '2023-09-04',
        android_url: expect.stringContaining('play.google.com'),
        ios_url: expect.stringContaining('apps.apple.com'),
        website_url: 'https://souqly.example.com',
      },
    })
    expect(souqly?.tech_tools.map((t) => t.name)).toEqual([
      'Flutter',
      'Firebase',
      'Node.js',
      'PostgreSQL',
      'Stripe',
    ])
    expect(souqly?.project.countries.map((c) => c.code)).toEqual(['EG', 'SAU', 'United Arab Emirates'])
    expect(souqly?.images.map((i) => i.image)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/images/projects/souqly/screen-${n}.svg`),
    )
    expect(souqly?.links.map((l) => l.link_type)).toEqual([
      'play_store',
      'app_store',
      'website',
      'admin_panel',
    ])
    expect(souqly?.project.links).toEqual(souqly?.links)
    expect(souqly?.project.profile).toBe(souqly?.profile?.id)
  })

  it('searches names, descriptions and tool names case-insensitively', async () => {
    expect(names((await listProjects('?search=wallet')).results)).toContain('Wasla Wallet')
    const tensorflow = (await listProjects('?search=TENSORFLOW')).results
    expect(names(tensorflow).sort()).toEqual(['PredictStock', 'VisionQC'])
    expect((await listProjects('?search=no-such-project-anywhere')).count).toBe(0)
  })

  it('ignores a blank search', async () => {
    expect((await listProjects('?search=%20%20')).count).toBe(25)
    expect((await listProjects('?search=')).count).toBe(25)
  })

  it("takes the visitor's % and _ literally in a search", async () => {
    expect((await listProjects('?search=%25')).count).toBe(0)
    expect((await listProjects('?search=_')).count).toBe(0)
  })

  it('filters by profile as product_category__id', async () => {
    const ids = await categoriesByName()
    const mobile = await listProjects(`?product_category__id=${ids.get('Mobile Apps')}`)
    expect(mobile.count).toBe(9)
    expect(mobile.results.every((item) => item.profile?.name === 'Mobile Apps')).toBe(true)
    expect(mobile.next).toBeNull()
  })

  it('filters by profile as type: a category id, a category name or a project type', async () => {
    const ids = await categoriesByName()
    const web = ids.get('Web Platforms')
    expect((await listProjects(`?type=${web}`)).count).toBe(8)
    const byName = await listProjects(`?type=${encodeURIComponent('enterprise & ai')}`)
    expect(byName.count).toBe(8)
    expect(byName.results.every((item) => item.profile?.name === 'Enterprise & AI')).toBe(true)
    const byType = await listProjects('?type=Fintech%20App')
    expect(names(byType.results)).toEqual(['Wasla Wallet'])
  })

  it('combines the filter with a search and with pagination', async () => {
    const ids = await categoriesByName()
    const result = await listProjects(`?product_category__id=${ids.get('Web Platforms')}&search=platform`)
    expect(result.count).toBeGreaterThan(0)
    expect(result.results.every((item) => item.profile?.name === 'Web Platforms')).toBe(true)
    const page = await listProjects(`?search=a&page=2`)
    expect(page.previous).toContain('search=a')
    expect(page.previous).toContain('page=1')
  })

  it('lets browsers and shared caches keep a listing for a minute', async () => {
    const response = await get('/api/public/projects/')
    expect(response.headers['cache-control']).toBe('public, max-age=60')
    const missing = await get('/api/public/projects/no-such-project/')
    expect(missing.headers['cache-control']).toBeUndefined()
  })

  it('tags a listing with an ETag and answers 304 without a body to a caller holding it', async () => {
    const first = await get('/api/public/projects/')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    const again = await app.inject({
      method: 'GET',
      url: '/api/public/projects/',
      headers: { 'if-none-match': `W/${etag}` },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('public, max-age=60')
    const other = await app.inject({
      method: 'GET',
      url: '/api/public/projects/?page=2',
      headers: { 'if-none-match': etag },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
    const featured = await get('/api/public/projects/featured/')
    const revalidated = await app.inject({
      method: 'GET',
      url: '/api/public/projects/featured/',
      headers: { 'if-none-match': featured.headers.etag as string },
    })
    expect(revalidated.statusCode).toBe(304)
  })

  it('answers the same bytes to every caller of a kept listing, links following each URL', async () => {
    const plain = await get('/api/public/projects/?search=a&page=2')
    expect((await get('/api/public/projects/?search=a&page=2')).body).toBe(plain.body)
    const reordered = projectListSchema.parse((await get('/api/public/projects/?page=2&search=a')).json())
    expect(reordered.previous).toBe(`${app.config.publicUrl}/api/public/projects/?page=1&search=a`)
  })

  it('answers a listing compressed in the encoding the caller accepts, revalidated in any', async () => {
    const plain = await get('/api/public/projects/')
    const asked = (acceptEncoding: string) =>
      app.inject({
        method: 'GET',
        url: '/api/public/projects/',
        headers: { 'accept-encoding': acceptEncoding },
      })
    const br = await asked('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gzip = await asked('br;q=0, gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(br.headers.vary).toContain('Accept-Encoding')
    const revalidated = await app.inject({
      method: 'GET',
      url: '/api/public/projects/',
      headers: { 'if-none-match': br.headers.etag as string },
    })
    expect(revalidated.statusCode).toBe(304)
  })

  it('answers an empty page beyond the last one, not an error', async () => {
    const body = await listProjects('?page=9')
    expect(body).toMatchObject({ count: 25, results: [], next: null })
  })

  it('rejects bad page numbers and bad filters with 400, never 500', async () => {
    for (const query of [
      '?page=0',
      '?page=-3',
      '?page=two',
      '?page=1e400',
      '?page=99999999999999999999',
      '?product_category__id=abc',
      '?product_category__id=-1',
      `?search=${'x'.repeat(201)}`,
      '?search=a&search=b',
    ]) {
      const response = await get(`/api/public/projects/${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().detail, query).toBe('Invalid input.')
    }
  })

  it('treats an empty product_category__id as no filter', async () => {
    expect((await listProjects('?product_category__id=')).count).toBe(25)
  })
})

describe('GET /api/public/projects/featured/', () => {
  it('answers every project whose order is 3 or lower, not a project called "featured"', async () => {
    const response = await get('/api/public/projects/featured/')
    expect(response.statusCode).toBe(200)
    const featured = featuredProjectsSchema.parse(response.json())
    expect(featured).toHaveLength(9)
    expect(featured.every((item) => item.order <= 3)).toBe(true)
    expect(featured[0]?.order).toBe(1)
  })
})

describe('GET /api/public/projects/{slug}/', () => {
  it('finds a project by its key', async () => {
    const response = await get('/api/public/projects/souqly/')
    expect(response.statusCode).toBe(200)
    const body = projectDetailSchema.parse(response.json())
    expect(body).toMatchObject({ slug: 'souqly', project: { name: 'Souqly' } })
    expect(body.images).toHaveLength(5)
  })

  it('finds a project without a key by the slug of its name, case-insensitively', async () => {
    const response = await get('/api/public/projects/Tasleem-Delivery/')
    expect(response.statusCode).toBe(200)
    const body = projectDetailSchema.parse(response.json())
    expect(body).toMatchObject({ slug: 'tasleem-delivery', project: { key: null, name: 'Tasleem Delivery' } })
  })

  it("answers an unknown slug with 404 and the spec's message", async () => {
    const response = await get('/api/public/projects/no-such-project/')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Project not found' })
  })

  it('answers an over-long slug with a 4xx, not a 500', async () => {
    const response = await get(`/api/public/projects/${'a'.repeat(150)}/`)
    expect(response.statusCode).toBe(414)
  })

  it('keeps serving a project whose key was removed, by its name', async () => {
    const fresh = await createTestApp()
    try {
      const { eq } = await import('drizzle-orm')
      await fresh.db.update(projects).set({ key: null }).where(eq(projects.key, 'medilink'))
      const response = await fresh.inject({ method: 'GET', url: '/api/public/projects/medilink-clinics/' })
      expect(response.statusCode).toBe(200)
      expect(response.json().slug).toBe('medilink-clinics')
    } finally {
      await fresh.close()
    }
  })
})

describe('GET /api/public/partners/', () => {
  it('lists the active partners in display order', async () => {
    const response = await get('/api/public/partners/?page=1')
    expect(response.statusCode).toBe(200)
    const body = partnerListSchema.parse(response.json())
    expect(body.count).toBeGreaterThanOrEqual(10)
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Nimbus Cloud',
      image: '/images/partners/nimbus-cloud.svg',
      website: 'https://nimbuscloud.example.com',
    })
    // One partner has no logo: the page shows the placeholder image.
    expect(body.results.some((p) => p.image === null)).toBe(true)
  })

  it('defaults to page 1 and rejects a bad page with 400', async () => {
    expect((await get('/api/public/partners/')).statusCode).toBe(200)
    expect((await get('/api/public/partners/?page=')).statusCode).toBe(400)
    expect((await get('/api/public/partners/?page=x')).statusCode).toBe(400)
  })
})

describe('offers', () => {
  it('lists current offers with decimal prices and the derived discount; ended ones are hidden', async () => {
    const response = await get('/api/public/offers/')
    expect(response.statusCode).toBe(200)
    const body = offerListSchema.parse(response.json())
    expect(body.count).toBe(8)
    expect(body.results.map((o) => o.title)).not.toContain('Spring Web Special')
    expect(body.results[0]).toMatchObject({
      title: 'Launch-Ready Business Website',
      service_type: 'web-development',
      price: 1990,
      original_price: 2500,
      discount_percent: 20,
      currency: 'USD',
      valid_until: null,
    })
    const noDiscount = body.results.find((o) => o.original_price === null)
    expect(noDiscount?.discount_percent).toBeNull()
  })

  it('filters by service_type', async () => {
    const body = offerListSchema.parse((await get('/api/public/offers/?service_type=sms-otp&page=1')).json())
    expect(body.results.map((o) => o.title)).toEqual(['SMS OTP Starter Bundle'])
    expect(body.results[0]).toMatchObject({ currency: 'EGP', price: 1350 })
    const none = offerListSchema.parse((await get('/api/public/offers/?service_type=unknown')).json())
    expect(none).toMatchObject({ count: 0, results: [] })
  })

  it('answers featured current offers only', async () => {
    const response = await get('/api/public/offers/featured/')
    expect(response.statusCode).toBe(200)
    const featured = response.json()
    expect(featured.length).toBeGreaterThan(0)
    expect(featured.every((o: { is_featured: boolean }) => o.is_featured)).toBe(true)
    expect(featured.map((o: { title: string }) => o.title)).not.toContain('Spring Web Special')
  })

  it('answers one current offer by id, 404 for an ended or unknown one, 400 for a bad id', async () => {
    const [current] = await app.db.select().from(offers).limit(1)
    const response = await get(`/api/public/offers/${current?.id}/`)
    expect(response.statusCode).toBe(200)
    expect(offerSchema.parse(response.json()).id).toBe(current?.id)

    const { eq } = await import('drizzle-orm')
    const [ended] = await app.db.select().from(offers).where(eq(offers.title, 'Spring Web Special'))
    const endedResponse = await get(`/api/public/offers/${ended?.id}/`)
    expect(endedResponse.statusCode).toBe(404)
    expect(endedResponse.json()).toEqual({ detail: 'Offer not found' })
    expect((await get('/api/public/offers/999999/')).statusCode).toBe(404)
    expect((await get('/api/public/offers/abc/')).statusCode).toBe(400)
    expect((await get('/api/public/offers/?page=0')).statusCode).toBe(400)
  })
})

describe('SEO of project pages', () => {
  it('describes /projects/{slug} with the project title, description and banner', async () => {
    const { seo } = app
    let meta = null
    for (const resolver of seo.resolvers) {
      meta = await resolver('/projects/souqly')
      if (meta) break
    }
    expect(meta).toEqual({
      title: 'Souqly | Cypher',
      description: expect.stringContaining('multi-vendor marketplace'),
      image: '/images/projects/souqly/banner.svg',
    })
  })

  it('lists every project page in the sitemap', async () => {
    const response = await get('/sitemap.xml')
    expect(response.statusCode).toBe(200)
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    const projectPages = locs.filter((loc) => loc?.includes('/projects/'))
    expect(projectPages).toHaveLength(25)
    expect(projectPages).toContain(`${app.config.publicUrl}/projects/souqly`)
    expect(projectPages).toContain(`${app.config.publicUrl}/projects/tasleem-delivery`)
  })
})

describe('OpenAPI', () => {
  it('documents every portfolio endpoint', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/product-category/',
        '/api/public/projects/',
        '/api/public/projects/featured/',
        '/api/public/projects/{slug}/',
        '/api/public/partners/',
        '/api/public/offers/',
        '/api/public/offers/featured/',
        '/api/public/offers/{id}/',
      ]),
    )
  })
})
