import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffBlogPost, StaffJob } from '../../../../src/contract/staff-content'
import { BlogPostForm } from '../../../../src/features/blog/components/staff/blog-post-form'
import { StaffBlogPostPage } from '../../../../src/features/blog/components/staff/staff-blog-post-page'
import { HtmlEditor } from '../../../../src/components/staff/html-editor'
import { ImageField } from '../../../../src/components/staff/image-field'
import { JobForm } from '../../../../src/features/careers/components/staff/job-form'
import { OfferForm } from '../../../../src/features/offers/components/staff/offer-form'
import { PartnerForm } from '../../../../src/features/partners/components/staff/partner-form'
import { ApiError } from '../../../../src/lib/api-client'
import { json, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'
import { useState } from 'react'

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

describe('HtmlEditor', { timeout: SLOW_UI }, () => {
  function Harness() {
    const [value, setValue] = useState(
      'Make this bold <img src=x onerror="window.hacked=1"><script>window.hacked=1</script>',
    )
    return <HtmlEditor label="Body" value={value} onChange={setValue} />
  }

  it('wraps the selection in a tag, and previews without running scripts', async () => {
    await renderWithRouter(() => <Harness />)
    const area = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement
    area.setSelectionRange(10, 14)
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(area.value.startsWith('Make this <strong>bold</strong> ')).toBe(true)
    await userEvent.click(screen.getByText('Preview'))
    const preview = await screen.findByTestId('html-preview')
    expect(within(preview).getByText('bold').tagName).toBe('STRONG')
    expect(preview.querySelector('script')).toBeNull()
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeFalsy()
  })
})

describe('ImageField', { timeout: SLOW_UI }, () => {
  function Harness({ onValue }: { onValue: (v: string | null) => void }) {
    const [value, setValue] = useState<string | null>(null)
    return (
      <ImageField
        label="Cover image"
        value={value}
        onChange={(v) => {
          setValue(v)
          onValue(v)
        }}
      />
    )
  }

  it('uploads the chosen file and fills in its path', async () => {
    signedIn()
    const writes = serve({}, () =>
      json(201, {
        url: '/api/public/media/content-images/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png',
        name: 'c.png',
        size: 9,
      }),
    )
    const values: (string | null)[] = []
    const { container } = await renderWithRouter(() => <Harness onValue={(v) => values.push(v)} />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'c.png', { type: 'image/png' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]?.path).toBe('/api/staff/content/images/')
    expect((writes[0]?.body as FormData).get('image')).toBeInstanceOf(File)
    await waitFor(() =>
      expect(screen.getByLabelText(/^Cover image/)).toHaveValue(
        '/api/public/media/content-images/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png',
      ),
    )
  })

  it('shows why an upload was refused', async () => {
    signedIn()
    serve({}, () => json(415, { detail: 'Upload a JPEG, PNG or GIF image.' }))
    const { container } = await renderWithRouter(() => <Harness onValue={() => {}} />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File(['x'], 'c.gif', { type: 'image/gif' }))
    expect(await screen.findByText('Upload a JPEG, PNG or GIF image.')).toBeInTheDocument()
  })
})

describe('JobForm', { timeout: SLOW_UI }, () => {
  const job: StaffJob = {
    id: 4,
    slug: 'qa-engineer',
    title: 'QA Engineer',
    category: 'Engineering',
    department: 'Quality',
    location: 'Cairo',
    job_type: 'full-time',
    work_from: 'hybrid',
    experience_level: 'mid',
    description: 'Test things',
    job_description: '',
    requirements: '',
    responsibilities: '',
    benefits: '',
    skills: 'Playwright, Cypress',
    salary_range: '',
    is_active: false,
    is_featured: false,
    application_deadline: null,
    applications_count: 0,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
  }

  it('edits a job whose skills are one comma-separated text as a list, and shows field errors', async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <JobForm
        job={job}
        submitLabel="Save changes"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a date as YYYY-MM-DD.', {
            detail: 'Enter a date as YYYY-MM-DD.',
            application_deadline: ['Enter a date as YYYY-MM-DD.'],
          })
        }}
      />
    ))
    await userEvent.clear(screen.getByLabelText(/^Location/))
    await userEvent.type(screen.getByLabelText(/^Location/), 'Remote')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findAllByText('Enter a date as YYYY-MM-DD.')).toHaveLength(2)
    expect(submitted[0]).toMatchObject({
      title: 'QA Engineer',
      location: 'Remote',
      skills: ['Playwright', 'Cypress'],
      work_from: 'hybrid',
    })
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Remote')
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

describe('OfferForm', { timeout: SLOW_UI }, () => {
  it('asks for a title and a service, then sends prices as numbers and keeps input after a refusal', async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <OfferForm
        submitLabel="Create offer"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'The end must be after the start.', {
            detail: 'The end must be after the start.',
            valid_until: ['The end must be after the start.'],
          })
        }}
      />
    ))
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }))
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2)
    expect(submitted).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Cloud audit' } })
    await userEvent.click(screen.getByRole('combobox', { name: /^Service/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Cloud & DevOps', hidden: true }))
    const price = screen.getByRole('textbox', { name: /^Price/ })
    await userEvent.clear(price)
    await userEvent.type(price, '800')
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }))
    expect(await screen.findAllByText('The end must be after the start.')).toHaveLength(2)
    expect(submitted[0]).toMatchObject({
      title: 'Cloud audit',
      service_type: 'cloud',
      price: 800,
      original_price: null,
      currency: 'USD',
    })
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Cloud audit')
  })
})

describe('PartnerForm', { timeout: SLOW_UI }, () => {
  it("asks for a name, then shows the server's website error and keeps the input", async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <PartnerForm
        submitLabel="Create partner"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a full address starting with https:// or http://.', {
            detail: 'Enter a full address starting with https:// or http://.',
            website: ['Enter a full address starting with https:// or http://.'],
          })
        }}
      />
    ))
    await userEvent.click(screen.getByRole('button', { name: 'Create partner' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(submitted).toHaveLength(0)
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Nile Cloud' } })
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'nile.example.com' } })
    await userEvent.click(screen.getByRole('button', { name: 'Create partner' }))
    expect(
      await screen.findAllByText('Enter a full address starting with https:// or http://.'),
    ).toHaveLength(2)
    expect(submitted[0]).toEqual({
      name: 'Nile Cloud',
      website: 'nile.example.com',
      image: null,
      position: 0,
    })
    expect(screen.getByLabelText(/^Website/)).toHaveValue('nile.example.com')
  })
})
