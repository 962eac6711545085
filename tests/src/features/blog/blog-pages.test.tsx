import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { BlogPost, BlogPostSummary } from '../../../../src/contract/blog'
import { BlogListPage, type BlogFilters } from '../../../../src/features/blog/components/blog-list-page'
import { BlogPostCard } from '../../../../src/features/blog/components/blog-post-card'
import { BlogPostPage } from '../../../../src/features/blog/components/blog-post-page'
import { page, serveRoutes, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'

const fetchMock = stubFetch()

function post(id: number, overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id,
    slug: `post-${id}`,
    title: `Post number ${id}`,
    excerpt: 'An excerpt.',
    featured_image: null,
    category: { name: 'Cybersecurity', slug: 'cybersecurity' },
    author: {
      first_name: 'Nadia',
      last_name: 'Kamal',
      full_name: 'Nadia Kamal',
      email: 'nadia@example.com',
      avatar: null,
      bio: 'Head of Engineering.',
    },
    read_time: 4,
    published_at: '2026-05-01T10:00:00.000Z',
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    views: 10,
    status: 'published',
    is_featured: false,
    tags: ['Security'],
    ...overrides,
  }
}

const featured = [1, 2, 3].map((id) => post(100 + id, { is_featured: true, title: `Featured ${id}` }))

async function renderBlogList(filters: BlogFilters, results: BlogPostSummary[] = [post(1), post(2)]) {
  serveRoutes(fetchMock, {
    '/api/public/blog/categories/': [{ id: 1, name: 'Cybersecurity', slug: 'cybersecurity' }],
    '/api/public/blog/posts/': page(results),
    '/api/public/blog/posts/featured/': featured,
  })
  const onChange = vi.fn()
  const result = await renderWithRouter(() => (
    <BlogListPage filters={filters} onChange={onChange} newsletter={null} />
  ))
  return { onChange, ...result }
}

describe('BlogPostCard', () => {
  it('draws its badges and texts without inline CSS variables (the /blog list styles 20 of them, issue 31)', async () => {
    await renderWithRouter(() => <BlogPostCard post={post(1, { is_featured: true })} />)
    const card = screen.getByRole('article')
    expect(within(card).getByText('Cybersecurity')).toBeInTheDocument()
    expect(within(card).getByText('Featured')).toBeInTheDocument()
    expect(within(card).getByText('4 min read')).toBeInTheDocument()
    expect(within(card).getByText('Nadia Kamal')).toBeInTheDocument()
    const inlineVariables = [...card.querySelectorAll('[style]')].filter((element) =>
      /--(badge|text)-/.test(element.getAttribute('style') ?? ''),
    )
    expect(inlineVariables).toEqual([])
  })

  it('draws its heading without inline CSS variables and its avatar lazily at a fixed size (issue 31)', async () => {
    const summary = post(1)
    const author = summary.author && { ...summary.author, avatar: '/images/blog/authors/nadia.svg' }
    await renderWithRouter(() => <BlogPostCard post={{ ...summary, author }} headingLevel={2} />)
    const card = screen.getByRole('article')
    const heading = within(card).getByRole('heading', { level: 2, name: 'Post number 1' })
    expect(heading).toHaveClass('mantine-Title-root')
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/blog/post-1')
    expect(card.querySelector('[style*="--title-"]')).toBeNull()
    const avatar = card.querySelector('img[src$="nadia.svg"]')
    expect(avatar).toHaveAttribute('loading', 'lazy')
    expect(avatar).toHaveAttribute('width', '28')
    expect(avatar).toHaveAttribute('height', '28')
  })
})

describe('BlogListPage', () => {
  it('shows at most two featured posts when no category or search is chosen', async () => {
    await renderBlogList({})
    const section = await screen.findByRole('region', { name: 'Featured Posts' })
    expect(await within(section).findAllByRole('article')).toHaveLength(2)
    expect(within(section).queryByText('Featured 3')).not.toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toHaveAttribute('href', '/blog/post-1')
  })

  it.each([{ category: 'cybersecurity' }, { search: 'zero trust' }])(
    'hides the featured section for %j',
    async (filters) => {
      await renderBlogList(filters)
      expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeInTheDocument()
      expect(screen.queryByRole('region', { name: 'Featured Posts' })).not.toBeInTheDocument()
      const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)
      expect(calls).not.toContain('/api/public/blog/posts/featured/')
    },
  )

  it('sends the category and search to the server', async () => {
    await renderBlogList({ category: 'cybersecurity', search: 'zero trust', page: 2 })
    await screen.findByRole('link', { name: 'Post number 1' })
    const url = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === '/api/public/blog/posts/')
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      category: 'cybersecurity',
      search: 'zero trust',
      page: '2',
    })
  })

  it('offers Clear Filters on an empty filtered result', async () => {
    const user = userEvent.setup()
    const { onChange } = await renderBlogList({ search: 'nothing' }, [])
    expect(await screen.findByText('No articles found')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }))
    expect(onChange).toHaveBeenCalledWith({ page: 1 })
  })

  it('resets to page 1 when a category is chosen', async () => {
    const user = userEvent.setup()
    const { onChange } = await renderBlogList({ page: 3 })
    await user.click(await screen.findByRole('button', { name: 'Cybersecurity' }))
    expect(onChange).toHaveBeenCalledWith({ category: 'cybersecurity', search: undefined, page: 1 })
  })

  it('shows the error panel when the posts cannot be loaded', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    renderWithRouter(() => <BlogListPage filters={{}} onChange={() => {}} newsletter={null} />)
    expect(await screen.findByText('Failed to fetch blog data', {}, { timeout: 8000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })
})

describe('BlogPostPage', () => {
  const article: BlogPost = {
    ...post(7, { read_time: null, is_featured: true, tags: ['Uploads', 'Backend'] }),
    content:
      '<h2>Safe part</h2><p>Text<img src="x.png" onerror="window.hacked = 1"></p><script>window.hacked = 2</script>',
  }

  it('renders the article with the 5-minute default and its body sanitized', async () => {
    serveRoutes(fetchMock, { '/api/public/blog/posts/post-7/': article })
    await renderWithRouter(() => <BlogPostPage slug="post-7" newsletter={<p>Newsletter slot</p>} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 7' })).toBeInTheDocument()
    expect(screen.getByText('5 min read')).toBeInTheDocument()
    expect(screen.getByText('5 min')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Safe part' })).toBeInTheDocument()
    expect(document.querySelector('script')).toBeNull()
    expect(document.querySelector('[onerror]')).toBeNull()
    const sidebar = screen.getByRole('complementary', { name: 'About this article' })
    expect(within(sidebar).getByText('Uploads')).toBeInTheDocument()
    expect(within(sidebar).getByText('Head of Engineering.')).toBeInTheDocument()
    expect(screen.getByText('Newsletter slot')).toBeInTheDocument()
  })

  it('says the post was not found on a 404', async () => {
    serveRoutes(fetchMock, {})
    await renderWithRouter(() => <BlogPostPage slug="missing" newsletter={<p>Newsletter slot</p>} />)
    expect(await screen.findByRole('heading', { name: 'Blog post not found' })).toBeInTheDocument()
    expect(screen.queryByText('Newsletter slot')).not.toBeInTheDocument()
  })
})
