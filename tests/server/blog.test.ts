import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { blogMessages } from '../../src/contract/blog'
import { blogPosts } from '../../server/db/schema'
import { blogCategoriesSeed, blogPostsSeed } from '../../server/db/seed/blog'
import { createPost } from '../../server/modules/blog/service'
import { ViewCounter } from '../../server/modules/blog/view-counter'
import { sanitizeArticleHtml } from '../../server/lib/article-html'
import { signIn, STAFF } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'
import { DATA_CHANGE_CHANNEL } from '../../server/lib/data-versions'

const app = await openTestApp()

const { get, patch, post: send } = requests(app)
const published = blogPostsSeed.filter((p) => !p.draft)
const draft = blogPostsSeed.find((p) => p.draft)

describe('GET /api/public/blog/categories/', () => {
  it('answers a plain list of every category with name and slug', async () => {
    const response = await get('/api/public/blog/categories/')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(Array.isArray(body)).toBe(true)
    expect(body.map((c: { slug: string }) => c.slug).sort()).toEqual(
      blogCategoriesSeed.map((c) => c.slug).sort(),
    )
    expect(body[0]).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) })
  })
})

describe('GET /api/public/blog/posts/', () => {
  it('pages published posts 20 at a time, newest first, with count/next/previous', async () => {
    const first = (await get('/api/public/blog/posts/')).json()
    expect(first.count).toBe(published.length)
    expect(first.results).toHaveLength(20)
    expect(first.previous).toBeNull()
    expect(first.next).toMatch(/\/api\/public\/blog\/posts\/\?page=2$/)
    const dates = first.results.map((p: { published_at: string }) => Date.parse(p.published_at))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))

    const second = (await get('/api/public/blog/posts/?page=2')).json()
    expect(second.results).toHaveLength(published.length - 20)
    expect(second.next).toBeNull()
    expect(second.previous).toMatch(/page=1$/)
  })

  it('lists posts with their category, author, tags and no body', async () => {
    const [post] = (await get('/api/public/blog/posts/')).json().results
    expect(post).toMatchObject({
      category: { name: expect.any(String), slug: expect.any(String) },
      author: {
        first_name: expect.any(String),
        last_name: expect.any(String),
        full_name: expect.stringContaining(' '),
        avatar: expect.stringMatching(/^\/images\/blog\/authors\/.+\.svg$/),
        bio: expect.any(String),
      },
      tags: expect.any(Array),
      status: 'published',
    })
    expect(post).not.toHaveProperty('content')
  })

  it('never lists drafts', async () => {
    const slugs = (await get('/api/public/blog/posts/?page=1'))
      .json()
      .results.map((p: { slug: string }) => p.slug)
    const more = (await get('/api/public/blog/posts/?page=2'))
      .json()
      .results.map((p: { slug: string }) => p.slug)
    expect([...slugs, ...more]).not.toContain(draft?.slug)
  })

  it('filters by category slug', async () => {
    const body = (await get('/api/public/blog/posts/?category=cybersecurity')).json()
    expect(body.count).toBe(published.filter((p) => p.category === 'cybersecurity').length)
    expect(
      body.results.every((p: { category: { slug: string } }) => p.category.slug === 'cybersecurity'),
    ).toBe(true)
  })

  it('searches titles, bodies and tags, case-insensitively', async () => {
    const byTitle = (await get('/api/public/blog/posts/?search=KUBERNETES')).json()
    expect(byTitle.results.map((p: { slug: string }) => p.slug)).toContain('kubernetes-or-not')
    const byTag = (await get('/api/public/blog/posts/?search=finops')).json()
    expect(byTag.results.map((p: { slug: string }) => p.slug)).toEqual(['cost-control-in-the-cloud'])
    const byBody = (await get('/api/public/blog/posts/?search=deskew')).json()
    expect(byBody.results.map((p: { slug: string }) => p.slug)).toEqual(['document-ai-for-invoices'])
  })

  it('treats % and _ in a search literally', async () => {
    const body = (await get('/api/public/blog/posts/?search=%25')).json()
    expect(body.count).toBe(published.filter((p) => JSON.stringify(p).includes('%')).length)
  })

  it('combines category and search, and answers an empty page when nothing matches', async () => {
    const body = (await get('/api/public/blog/posts/?category=cloud-devops&search=zzzz-no-match')).json()
    expect(body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  it.each(['page=0', 'page=-1', 'page=abc', 'search=%00', 'category=a%00'])(
    'rejects %s with 400',
    async (query) => {
      const response = await get(`/api/public/blog/posts/?${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe('Invalid input.')
    },
  )
})

describe('GET /api/public/blog/posts/featured/', () => {
  it('answers the featured posts and is not taken for a post slug', async () => {
    const response = await get('/api/public/blog/posts/featured/')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(Array.isArray(body)).toBe(true)
    expect(body.map((p: { slug: string }) => p.slug).sort()).toEqual(
      published
        .filter((p) => p.featured)
        .map((p) => p.slug)
        .sort(),
    )
    expect(body.every((p: { is_featured: boolean }) => p.is_featured)).toBe(true)
  })
})

describe('GET /api/public/blog/posts/{slug}/', () => {
  it('answers the post with its sanitized body and counts a view per read', async () => {
    const first = await get('/api/public/blog/posts/secure-file-uploads/')
    expect(first.statusCode).toBe(200)
    const post = first.json()
    expect(post.title).toBe('Secure File Uploads: Size Limits, Magic Bytes and Storage')
    expect(post.content).toContain('<h2>Enforce limits while streaming</h2>')
    const second = (await get('/api/public/blog/posts/secure-file-uploads/')).json()
    expect(second.views).toBe(post.views + 1)
    // Lists show the stored totals: the counted views are written within VIEW_FLUSH_MS.
    await app.blogViews.flush()
    const listed = (await get('/api/public/blog/posts/?search=magic+bytes')).json().results[0]
    expect(listed.views).toBe(second.views)
  })

  it('counts views in memory and writes them in one statement, never losing one to a failed write', async () => {
    const slug = 'secure-file-uploads'
    const stored = async () =>
      (await app.db.select({ views: blogPosts.views }).from(blogPosts).where(eq(blogPosts.slug, slug)))[0]
        ?.views ?? -1
    await app.blogViews.flush()
    const before = await stored()
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => (await get(`/api/public/blog/posts/${slug}/`)).json().views),
    )
    // Every read answered its own total, and none of them wrote.
    expect(new Set(answers).size).toBe(10)
    expect(Math.max(...answers)).toBe(before + 10)
    expect(await stored()).toBe(before)
    await app.blogViews.flush()
    expect(await stored()).toBe(before + 10)
    // A write that fails keeps the views for the next one.
    const [row] = await app.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug))
    let failures = 1
    const flaky = {
      execute: (query: Parameters<typeof app.db.execute>[0]) =>
        failures-- > 0 ? Promise.reject(new Error('database gone')) : app.db.execute(query),
    } as unknown as typeof app.db
    const errors: unknown[] = []
    const counter = new ViewCounter(flaky, (error) => errors.push(error))
    counter.count(row?.id as number)
    counter.count(row?.id as number)
    await counter.flush()
    expect(errors).toHaveLength(1)
    expect(await stored()).toBe(before + 10)
    expect(counter.count(row?.id as number)).toBe(3)
    await counter.close()
    expect(await stored()).toBe(before + 13)
    // A URL not read before (on PostgreSQL a public list read earlier is kept up to 30 s).
    const viaList = (await get('/api/public/blog/posts/?search=Magic+Bytes')).json().results[0].views
    expect(viaList).toBe(before + 13)
  })

  it('rejects a NUL character in the path with 400', async () => {
    expect((await get('/api/public/blog/posts/a%00b/')).statusCode).toBe(400)
  })

  it('finds a post by numeric id too', async () => {
    const bySlug = (await get('/api/public/blog/posts/kubernetes-or-not/')).json()
    const byId = await get(`/api/public/blog/posts/${bySlug.id}/`)
    expect(byId.statusCode).toBe(200)
    expect(byId.json().slug).toBe('kubernetes-or-not')
  })

  it('keeps read time null when the author gave none', async () => {
    const post = (await get('/api/public/blog/posts/kubernetes-or-not/')).json()
    expect(post.read_time).toBeNull()
  })

  it.each(['no-such-post', '999999', draft?.slug ?? 'draft'])(
    'answers 404 with the spec message for %s',
    async (slug) => {
      const response = await get(`/api/public/blog/posts/${slug}/`)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: blogMessages.postNotFound })
    },
  )

  it('does not show a post scheduled for later', async () => {
    await app.db.insert(blogPosts).values({
      slug: 'scheduled-post',
      title: 'Scheduled',
      content: '<p>Later</p>',
      status: 'published',
      publishedAt: new Date(Date.now() + 86_400_000),
    })
    expect((await get('/api/public/blog/posts/scheduled-post/')).statusCode).toBe(404)
  })
})

describe('a post kept by data version (issue 31)', () => {
  const slug = 'disaster-recovery-testing'
  const read = async () => {
    const response = await get(`/api/public/blog/posts/${slug}/`)
    return { status: response.statusCode, post: response.statusCode === 200 ? response.json() : null }
  }
  /** A write the change triggers do not announce: only a read that queries again sees it. */
  async function unannounced(statement: string) {
    if (app.database.kind === 'pglite') {
      await app.database.executeSql(`set cypher.change_notify = 'off'`)
      try {
        await app.database.executeSql(statement)
      } finally {
        await app.database.executeSql(`set cypher.change_notify = 'on'`)
      }
    } else await app.database.executeSql(`SET LOCAL cypher.change_notify = 'off'; ${statement}`)
  }
  /**
   * On PostgreSQL the change announcements of the earlier tests' writes arrive after their commits; one
   * arriving after a test's first read would drop what it kept. Announcements come in commit order, so
   * once a probe sent now has arrived, every earlier one has.
   */
  beforeEach(async () => {
    if (app.database.kind === 'pglite') return
    const probe = `settled_${Date.now()}`
    const changed = vi.spyOn(app.dataVersions, 'changed')
    try {
      await app.database.executeSql(`NOTIFY ${DATA_CHANGE_CHANNEL}, '${probe}'`)
      await vi.waitFor(() => expect(changed).toHaveBeenCalledWith(probe), { timeout: 5_000 })
    } finally {
      changed.mockRestore()
    }
  })
  async function staffPostId() {
    const [row] = await app.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug))
    if (!row) throw new Error('no post')
    return row.id
  }

  it('is read once and then answered from the keep, each answer with its own view count', async () => {
    const first = await read()
    expect(first.status).toBe(200)
    await unannounced(`UPDATE blog_posts SET title = 'Unannounced title' WHERE slug = '${slug}'`)
    const second = await read()
    expect(second.post.title).toBe(first.post.title)
    expect(second.post.views).toBe(first.post.views + 1)
    expect((await read()).post.views).toBe(first.post.views + 2)
    // Any announced write to the posts (here the views' own) drops it.
    await app.blogViews.flush()
    const after = await read()
    expect(after.post.title).toBe('Unannounced title')
    expect(after.post.views).toBe(first.post.views + 3)
    await app.db.update(blogPosts).set({ title: first.post.title }).where(eq(blogPosts.slug, slug))
  })

  it('shows a staff edit on the next read, and the view count keeps rising', async () => {
    const staff = await signIn(app, STAFF)
    const id = await staffPostId()
    const before = (await read()).post
    const edited = await patch(
      `/api/staff/content/blog-posts/${id}/`,
      { title: 'Disaster Recovery, Tested', content: '<p>Edited body</p>' },
      staff,
    )
    expect(edited.statusCode).toBe(200)
    const after = (await read()).post
    expect(after.title).toBe('Disaster Recovery, Tested')
    expect(after.content).toBe('<p>Edited body</p>')
    expect(after.views).toBe(before.views + 1)
    expect((await read()).post.views).toBe(before.views + 2)
  })

  it('is not served once the post is unpublished or scheduled for later', async () => {
    const staff = await signIn(app, STAFF)
    const id = await staffPostId()
    expect((await read()).status).toBe(200)
    expect((await send(`/api/staff/content/blog-posts/${id}/unpublish/`, {}, staff)).statusCode).toBe(200)
    expect((await read()).status).toBe(404)
    expect((await send(`/api/staff/content/blog-posts/${id}/publish/`, {}, staff)).statusCode).toBe(200)
    const published = (await read()).post
    expect(published.slug).toBe(slug)
    const later = new Date(Date.now() + 86_400_000).toISOString()
    expect(
      (await patch(`/api/staff/content/blog-posts/${id}/`, { published_at: later }, staff)).statusCode,
    ).toBe(200)
    expect((await read()).status).toBe(404)
    // A post not found is never kept: when its time comes it shows without a write.
    await unannounced(`UPDATE blog_posts SET published_at = now() - interval '1 minute' WHERE id = ${id}`)
    expect((await read()).status).toBe(200)
  })
})

describe('blog HTML sanitizing', () => {
  it('drops scripts, event handlers and javascript: links, and adds rel noopener to links', () => {
    const html = sanitizeArticleHtml(
      '<h1>Title</h1><p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
        '<a href="https://example.com" target="_top">out</a><iframe src="https://evil.example"></iframe>' +
        '<img src="https://example.com/a.png" onerror="x()" alt="A"></p>',
    )
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|_top/)
    expect(html).toContain('<h2>Title</h2>')
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>')
    expect(html).toContain('<img src="https://example.com/a.png" alt="A" loading="lazy" />')
  })

  it('stores posts sanitized and refuses the reserved slug', async () => {
    const row = await createPost(app.db, {
      slug: 'sanitized-on-the-way-in',
      title: 'Sanitized',
      content: '<p>Safe</p><script>alert(1)</script>',
      status: 'published',
      publishedAt: new Date(Date.now() - 1000),
    })
    expect(row.content).toBe('<p>Safe</p>')
    await expect(
      createPost(app.db, { slug: 'featured', title: 'x', content: '', status: 'draft' }),
    ).rejects.toThrow(/reserved/)
  })

  it('seeds every external link with rel noopener', async () => {
    const post = (await get('/api/public/blog/posts/pen-testing-what-to-expect/')).json()
    expect(post.content).toContain('rel="noopener noreferrer"')
  })
})

describe('SEO for posts', () => {
  it('lists published posts in the sitemap and not drafts', async () => {
    const xml = (await get('/sitemap.xml')).body
    expect(xml).toContain('/blog/retrieval-augmented-generation-in-practice</loc>')
    expect(xml).not.toContain(`/blog/${draft?.slug}<`)
  })

  it('describes a post page with its title and excerpt', async () => {
    const meta = await Promise.all(app.seo.resolvers.map((r) => r('/blog/phishing-resistant-mfa')))
    expect(meta.find(Boolean)).toMatchObject({
      title: expect.stringContaining('Why We Recommend Phishing-Resistant MFA'),
      description: expect.stringContaining('One-time codes stop password reuse'),
      image: '/images/blog/phishing-resistant-mfa.svg',
    })
  })

  it('describes nothing for an unknown post and does not count a view', async () => {
    const before = (await get('/api/public/blog/posts/phishing-resistant-mfa/')).json().views
    const meta = await Promise.all(app.seo.resolvers.map((r) => r('/blog/unknown-post')))
    expect(meta.filter(Boolean)).toEqual([])
    await Promise.all(app.seo.resolvers.map((r) => r('/blog/phishing-resistant-mfa')))
    expect((await get('/api/public/blog/posts/phishing-resistant-mfa/')).json().views).toBe(before + 1)
  })
})
