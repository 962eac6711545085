import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffOffice } from '../../../../src/contract/offices-staff'
import { OfficeForm } from '../../../../src/features/offices/components/staff/office-form'
import { OfficePage } from '../../../../src/features/offices/components/staff/office-page'
import { OfficesPage } from '../../../../src/features/offices/components/staff/offices-page'
import { ApiError } from '../../../../src/lib/api-client'
import { json, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

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
