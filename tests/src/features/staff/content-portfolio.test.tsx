import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffOffice } from '../../../../src/contract/staff-content'
import { OfficeForm } from '../../../../src/features/offices/components/staff/office-form'
import { OfficePage } from '../../../../src/features/offices/components/staff/office-page'
import { OfficesPage } from '../../../../src/features/offices/components/staff/offices-page'
import { PortfolioProjectForm } from '../../../../src/features/projects/components/staff/portfolio-project-form'
import { ApiError } from '../../../../src/lib/api-client'
import { json, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000
const { serve } = stubApi()
spyOnToasts()

const projectOptions = {
  categories: [{ id: 4, name: 'Mobile Apps' }],
  tech_tools: ['Flutter', 'React'],
}

const office: StaffOffice = {
  id: 3,
  title: 'Dubai Office',
  address: 'Dubai Internet City',
  phone: '+971 4 555 0000',
  email: null,
  lat: 25.09,
  lng: 55.15,
  position: 1,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
}

describe('PortfolioProjectForm', { timeout: 2 * SLOW_UI }, () => {
  it('asks for a name, sends tools and screenshots in order, and shows a bad screenshot on its field', async () => {
    signedIn()
    serve({ '/api/staff/content/project-options/': projectOptions })
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <PortfolioProjectForm
        submitLabel="Create project"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a path on this site starting with / (upload an image to get one).', {
            detail: 'Enter a path on this site starting with / (upload an image to get one).',
            'images.1': ['Enter a path on this site starting with / (upload an image to get one).'],
          })
        }}
      />
    ))
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(submitted).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Souq Go' } })
    fireEvent.change(screen.getByLabelText(/^Key/), { target: { value: 'souq-go' } })
    const tools = screen.getByRole('combobox', { name: /^Technologies/ })
    await userEvent.type(tools, 'Flutter{Enter}Go Fiber{Enter}', { delay: null })
    const next = screen.getByLabelText(/^Next screenshot/)
    for (const path of ['/images/a.png', 'b.png', '/images/c.png']) {
      fireEvent.change(next, { target: { value: path } })
      fireEvent.click(screen.getByRole('button', { name: 'Add screenshot' }))
    }
    fireEvent.click(screen.getByRole('button', { name: 'Remove screenshot 3' }))
    expect(screen.getByRole('button', { name: 'Add screenshot' })).toBeDisabled()

    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    await waitFor(() => expect(submitted).toHaveLength(1))
    expect(submitted[0]).toMatchObject({
      name: 'Souq Go',
      key: 'souq-go',
      type: null,
      order: 100,
      tech_tools: ['Flutter', 'Go Fiber'],
      images: ['/images/a.png', 'b.png'],
    })
    // The server's error on the second screenshot shows on the list; everything typed stays.
    expect(
      await screen.findAllByText('Enter a path on this site starting with / (upload an image to get one).'),
    ).toHaveLength(2)
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Souq Go')
    expect(screen.getByRole('img', { name: 'Screenshot 2' })).toHaveAttribute('src', 'b.png')
  })
})

describe('OfficeForm', { timeout: SLOW_UI }, () => {
  it('sends blank contact fields as null and coordinates as numbers, and keeps input after a refusal', async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <OfficeForm
        office={office}
        submitLabel="Save changes"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a valid e-mail address.', {
            detail: 'Enter a valid e-mail address.',
            email: ['Enter a valid e-mail address.'],
          })
        }}
      />
    ))
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '  ' } })
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'dubai@' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findAllByText('Enter a valid e-mail address.')).toHaveLength(2)
    expect(submitted[0]).toEqual({
      title: 'Dubai Office',
      address: 'Dubai Internet City',
      phone: null,
      email: 'dubai@',
      lat: 25.09,
      lng: 55.15,
      position: 1,
    })
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('dubai@')
  })
})

describe('OfficePage', { timeout: SLOW_UI }, () => {
  it('unpublishes an office and then offers to publish it again', async () => {
    signedIn()
    const writes = serve({ '/api/staff/content/offices/3/': office }, () =>
      json(200, { ...office, is_active: false }),
    )
    await renderWithRouter(() => <OfficePage id={3} />, { path: '/staff/content/offices/3' })
    expect(await screen.findByRole('link', { name: 'Listed on /contact and by the assistant' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish' }))
    await waitFor(() => expect(writes.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(writes.find((c) => c.method === 'POST')?.path).toBe('/api/staff/content/offices/3/unpublish/')
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument()
    expect(screen.getByText('Not shown to visitors.')).toBeInTheDocument()
  })
})

describe('OfficesPage (the shared content list)', { timeout: SLOW_UI }, () => {
  it('lists offices with their status, filters on publication, and says when nothing matches', async () => {
    signedIn()
    const page = (results: StaffOffice[]) => ({ count: results.length, next: null, previous: null, results })
    let answer = page([office, { ...office, id: 4, title: 'Cairo Office', is_active: false }])
    const calls: string[] = []
    serve({
      '/api/staff/content/offices/': (url: URL) => {
        calls.push(url.search)
        return answer
      },
    })
    await renderWithRouter(() => <OfficesPage />, { path: '/staff/content/offices' })
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Dubai Office' })).toHaveAttribute(
      'href',
      '/staff/content/offices/3',
    )
    expect(within(rows[2] as HTMLElement).getByText('Not published')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'New office' })).toHaveAttribute(
      'href',
      '/staff/content/offices/new',
    )

    answer = page([])
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Published', hidden: true }))
    expect(await screen.findByText('No office matches these filters.')).toBeInTheDocument()
    expect(calls.at(-1)).toContain('active=true')
  })
})
