import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { BlogPost, BlogPostSummary } from '../../src/contract/blog'
import { careersMessages, type Job } from '../../src/contract/careers'
import { sanitizeHtml } from '../../src/components/safe-html'
import { BlogListPage, type BlogFilters } from '../../src/features/blog/components/blog-list-page'
import { BlogPostPage } from '../../src/features/blog/components/blog-post-page'
import { filterJobs } from '../../src/features/careers/components/careers-page'
import { JobDetailPage } from '../../src/features/careers/components/job-detail-page'
import { json, page, stubFetch } from './helpers/http'
import { renderWithRouter } from './helpers/render'

const fetchMock = stubFetch()

/** Answers each API path with its body; anything else is a 404. */
function serve(routes: Record<string, unknown>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    const body = routes[url.pathname]
    return body === undefined ? json(404, { detail: 'Not found.' }) : json(200, body)
  })
}

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
  serve({
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
    serve({ '/api/public/blog/posts/post-7/': article })
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
    serve({})
    await renderWithRouter(() => <BlogPostPage slug="missing" newsletter={<p>Newsletter slot</p>} />)
    expect(await screen.findByRole('heading', { name: 'Blog post not found' })).toBeInTheDocument()
    expect(screen.queryByText('Newsletter slot')).not.toBeInTheDocument()
  })
})

describe('sanitizeHtml', () => {
  it('keeps article markup and new-tab links, made safe with rel noopener', () => {
    const html = sanitizeHtml(
      '<p>Hi <a href="https://example.com" target="_blank">out</a></p><style>*{}</style><iframe src="x"></iframe>',
    )
    const link = new DOMParser().parseFromString(html, 'text/html').querySelector('a')
    expect(link?.getAttribute('target')).toBe('_blank')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(html).not.toMatch(/style|iframe/)
  })
})

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 3,
    slug: 'qa-engineer',
    title: 'QA Engineer',
    category: 'Engineering',
    department: 'Quality',
    location: 'Cairo, Egypt',
    job_type: 'full-time',
    work_from: 'hybrid',
    experience_level: 'mid',
    description: 'Test things.',
    job_description: '',
    requirements: '- Playwright\n\n2) TypeScript\n',
    responsibilities: 'Write tests\nReview releases',
    benefits: 'Health insurance',
    skills: 'Playwright, TypeScript , API Testing',
    salary_range: '$1 - $2',
    is_active: true,
    is_featured: false,
    application_deadline: null,
    applications_count: 4,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-02T10:00:00.000Z',
    ...overrides,
  }
}

describe('filterJobs (the current page only)', () => {
  const jobs = [
    job({
      id: 1,
      title: 'Flutter Developer',
      job_type: 'full-time',
      experience_level: 'mid',
      skills: ['Dart'],
    }),
    job({
      id: 2,
      title: 'Design Intern',
      job_type: 'internship',
      experience_level: 'entry',
      skills: 'Figma',
    }),
    job({ id: 3, title: 'Security Lead', job_type: 'contract', experience_level: 'lead', skills: [] }),
  ]
  const ids = (list: Job[]) => list.map((j) => j.id)

  it('filters by job type or by experience level', () => {
    expect(ids(filterJobs(jobs, '', 'all'))).toEqual([1, 2, 3])
    expect(ids(filterJobs(jobs, '', { type: 'internship' }))).toEqual([2])
    expect(ids(filterJobs(jobs, '', { level: 'lead' }))).toEqual([3])
  })

  it('searches titles and skills in any letter case, combined with the filter', () => {
    expect(ids(filterJobs(jobs, 'FIGMA', 'all'))).toEqual([2])
    expect(ids(filterJobs(jobs, 'dart', { type: 'contract' }))).toEqual([])
    expect(ids(filterJobs(jobs, '  security ', 'all'))).toEqual([3])
  })
})

describe('JobDetailPage', () => {
  it('shows lists from newline text, skills from a comma string and the default description', async () => {
    serve({ '/api/public/careers/qa-engineer/': job({ description: '' }) })
    await renderWithRouter(() => <JobDetailPage slug="qa-engineer" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'QA Engineer' })).toBeInTheDocument()
    expect(screen.getByText(careersMessages.defaultDescription)).toBeInTheDocument()
    const requirements = screen.getByRole('heading', { name: 'Requirements' }).parentElement
    expect(
      within(requirements ?? document.body)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Playwright', 'TypeScript'])
    expect(screen.getByText('API Testing')).toBeInTheDocument()
    expect(screen.getByText('4 applicants')).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Job application' })).toBeInTheDocument()
  })

  it('closes the form after the deadline', async () => {
    serve({ '/api/public/careers/qa-engineer/': job({ application_deadline: '2020-01-01' }) })
    await renderWithRouter(() => <JobDetailPage slug="qa-engineer" />)
    expect(await screen.findByText(careersMessages.deadlinePassed)).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Job application' })).not.toBeInTheDocument()
  })

  it('says the job was not found on a 404', async () => {
    serve({})
    await renderWithRouter(() => <JobDetailPage slug="gone" />)
    expect(await screen.findByRole('heading', { name: careersMessages.jobNotFound })).toBeInTheDocument()
  })
})
