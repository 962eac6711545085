import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's blog posts (/api/staff/content/blog-posts/): drafts, publishing, addresses and field errors.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

describe('content: blog posts', () => {
  const create = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/staff/content/blog-posts/', headers: staff.headers, payload })
  const publicPost = (slug: string) => app.inject({ method: 'GET', url: `/api/public/blog/posts/${slug}/` })

  it('creates a sanitized draft, shows it to visitors only once published, and hides it again', async () => {
    const options = (
      await app.inject({ method: 'GET', url: '/api/staff/content/blog-options/', headers: staff.headers })
    ).json() as { categories: { id: number }[]; authors: { id: number }[] }
    const created = await create({
      title: 'Shipping a Design System',
      excerpt: 'How we did it',
      content:
        '<h1>Intro</h1><p onclick="steal()">Text<script>alert(1)</script></p><a href="javascript:x">bad</a>',
      category_id: options.categories[0]?.id,
      author_id: options.authors[0]?.id,
      tags: ['design', 'design', 'ui'],
    })
    expect(created.statusCode).toBe(201)
    const post = created.json()
    expect(post).toMatchObject({ slug: 'shipping-a-design-system', status: 'draft', tags: ['design', 'ui'] })
    expect(post.content).toContain('<h2>Intro</h2>')
    expect(post.content).not.toMatch(/script|onclick|javascript:/)
    expect((await publicPost(post.slug)).statusCode).toBe(404)

    const published = await app.inject({
      method: 'POST',
      url: `/api/staff/content/blog-posts/${post.id}/publish/`,
      headers: staff.headers,
    })
    expect(published.json()).toMatchObject({ status: 'published', is_scheduled: false })
    expect(published.json().published_at).not.toBeNull()
    const seen = await publicPost(post.slug)
    expect(seen.statusCode).toBe(200)
    expect(seen.json().content).toBe(post.content)
    const list = (
      await app.inject({ method: 'GET', url: '/api/public/blog/posts/?search=Design%20System' })
    ).json()
    expect(list.results.map((p: { id: number }) => p.id)).toContain(post.id)

    await app.inject({
      method: 'POST',
      url: `/api/staff/content/blog-posts/${post.id}/unpublish/`,
      headers: staff.headers,
    })
    expect((await publicPost(post.slug)).statusCode).toBe(404)
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.entityId, post.id))
    expect(entries.filter((e) => e.entityType === 'blog_post').map((e) => e.action)).toEqual(
      expect.arrayContaining(['blog_post.create', 'blog_post.publish', 'blog_post.unpublish']),
    )
  })

  it('keeps a post scheduled for later hidden until its time', async () => {
    const post = (
      await create({ title: 'Next year', content: '<p>Soon</p>', published_at: '2099-01-01T09:00:00Z' })
    ).json()
    const published = await app.inject({
      method: 'POST',
      url: `/api/staff/content/blog-posts/${post.id}/publish/`,
      headers: staff.headers,
    })
    expect(published.json()).toMatchObject({ status: 'published', is_scheduled: true })
    expect((await publicPost(post.slug)).statusCode).toBe(404)
  })

  it('gives a second post of the same title its own address, and refuses taken or reserved ones', async () => {
    const first = (await create({ title: 'Same Title', content: '<p>a</p>' })).json()
    const second = (await create({ title: 'Same Title', content: '<p>b</p>' })).json()
    expect([first.slug, second.slug]).toEqual(['same-title', 'same-title-2'])
    const taken = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/blog-posts/${second.id}/`,
      headers: staff.headers,
      payload: { slug: 'same-title' },
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().slug).toEqual(['Another entry already uses this address.'])
    const reserved = await create({ title: 'X', slug: 'featured', content: '<p>x</p>' })
    expect(reserved.json().slug).toEqual(['This address is reserved.'])
    const invalid = await create({ title: 'X', slug: 'Not A Slug', content: '<p>x</p>' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().slug).toBeDefined()
  })

  it('refuses missing fields, unknown categories and outside images with field errors', async () => {
    const empty = await create({ title: ' ', content: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ title: expect.any(Array), content: expect.any(Array) })
    const unknown = await create({ title: 'X', content: '<p>x</p>', category_id: 999999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().category_id).toEqual(['No such category.'])
    const outside = await create({ title: 'X', content: '<p>x</p>', featured_image: 'javascript:alert(1)' })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().featured_image).toBeDefined()
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/staff/content/blog-posts/999999/',
      headers: staff.headers,
      payload: { title: 'X' },
    })
    expect(missing.statusCode).toBe(404)
  })
})
