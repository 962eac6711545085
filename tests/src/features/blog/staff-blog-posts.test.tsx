import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffBlogPost } from '../../../../src/contract/blog-staff'
import { BlogPostForm } from '../../../../src/features/blog/components/staff/blog-post-form'
import { StaffBlogPostPage } from '../../../../src/features/blog/components/staff/staff-blog-post-page'
import { ApiError } from '../../../../src/lib/api-client'
import { json, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

const options = {
  categories: [{ id: 1, name: 'Engineering', slug: 'engineering' }],
  authors: [{ id: 2, name: 'Dana Mercer' }],
}

const post: StaffBlogPost = {
  id: 9,
  slug: 'design-systems',
  title: 'Design Systems',
  excerpt: 'How we did it',
  content: '<p>Body</p>',
  featured_image: null,
  category_id: 1,
  category: 'Engineering',
  author_id: null,
  author: null,
  read_time: null,
  status: 'draft',
  is_scheduled: false,
  is_featured: false,
  tags: ['ui'],
  views: 0,
  published_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
}

describe('BlogPostForm', { timeout: SLOW_UI }, () => {
  it('asks for a title and a body before sending', async () => {
    signedIn()
    serve({ '/api/staff/content/blog-options/': options })
    const submitted: unknown[] = []
    await renderWithRouter(
      () => (
        <BlogPostForm
          submitLabel="Create draft"
          pending={false}
          onSubmit={async (v) => void submitted.push(v)}
        />
      ),
      { path: '/staff/content/blog/new' },
    )
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }))
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2)
    expect(submitted).toHaveLength(0)
  })

  it("sends the post, then shows the server's field errors and keeps what was typed", async () => {
    signedIn()
    serve({ '/api/staff/content/blog-options/': options })
    const submitted: unknown[] = []
    await renderWithRouter(
      () => (
        <BlogPostForm
          submitLabel="Create draft"
          pending={false}
          onSubmit={async (values) => {
            submitted.push(values)
            throw new ApiError(400, 'Another entry already uses this address.', {
              detail: 'Another entry already uses this address.',
              slug: ['Another entry already uses this address.'],
            })
          }}
        />
      ),
      { path: '/staff/content/blog/new' },
    )
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Shipping fast' } })
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: 'shipping' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Body' }), { target: { value: '<p>Hello</p>' } })
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }))
    expect(await screen.findAllByText('Another entry already uses this address.')).toHaveLength(2)
    expect(submitted[0]).toMatchObject({
      title: 'Shipping fast',
      slug: 'shipping',
      content: '<p>Hello</p>',
      tags: [],
      published_at: null,
    })
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Shipping fast')
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue('<p>Hello</p>')
  })
})

describe('StaffBlogPostPage', { timeout: SLOW_UI }, () => {
  it('publishes a draft and then offers to unpublish it', async () => {
    signedIn()
    const writes = serve(
      { '/api/staff/content/blog-posts/9/': post, '/api/staff/content/blog-options/': options },
      () => json(200, { ...post, status: 'published', published_at: '2026-11-02T10:00:00Z' }),
    )
    await renderWithRouter(() => <StaffBlogPostPage id={9} />, { path: '/staff/content/blog/9' })
    expect(await screen.findByText('Not visible on the site.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/api/staff/content/blog-posts/9/publish/' })
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View on the site' })).toHaveAttribute(
      'href',
      '/blog/design-systems',
    )
  })
})
