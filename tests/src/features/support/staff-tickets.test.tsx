import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { TicketDetail } from '../../../../src/contract/support'
import { TicketPage } from '../../../../src/features/support/components/staff/ticket-page'
import { json, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

const person = { first_name: 'Dana', last_name: 'Mercer' }

const ticket: TicketDetail = {
  id: 7,
  project: 3,
  title: 'Checkout times out',
  description: 'Carts over 50 items fail.',
  status: 'open',
  priority: 'high',
  is_overdue: true,
  created_by: person,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  assigned_to: null,
  category: null,
  due_date: '2026-11-01T14:00:00Z',
  comments: [
    {
      id: 1,
      ticket: 7,
      author: { first_name: 'Sami', last_name: 'Haddad', is_staff: true },
      content: 'Suspect the webhook',
      is_internal: true,
      created_at: '2026-11-01T11:00:00Z',
      client_ref: null,
    },
  ],
  attachments: [],
  activities: [],
}

describe('TicketPage', { timeout: SLOW_UI }, () => {
  const routes = {
    '/api/staff/tickets/7/': ticket,
    '/api/staff/tickets/7/client-history/': { clients: [], tickets_count: 0, tickets: [], projects: [] },
    '/api/staff/team/': { results: [{ id: 2, first_name: 'Sami', last_name: 'Haddad', email: 's@x.com' }] },
  }

  it('marks internal notes, and sends a reply or (when ticked) an internal note', async () => {
    signedIn()
    const writes = serve(routes, (call) =>
      json(201, { ...ticket.comments[0], is_internal: (call.body as { is_internal: boolean }).is_internal }),
    )
    await renderWithRouter(() => <TicketPage id={7} />, { path: '/staff/tickets/7' })
    const note = (await screen.findByText('Suspect the webhook')).closest('[data-internal]')
    expect(note).not.toBeNull()
    expect(within(note as HTMLElement).getByText('Internal note')).toBeInTheDocument()
    expect(screen.getByText('Overdue')).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText(/^Reply to the client/), 'Fixed now')
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/staff/tickets/7/comments/',
      body: { content: 'Fixed now', is_internal: false },
    })

    await userEvent.click(screen.getByRole('checkbox', { name: 'Internal note' }))
    await waitFor(() => expect(screen.getByLabelText(/^Internal note \(only staff/)).toHaveValue(''))
    await userEvent.type(screen.getByLabelText(/^Internal note \(only staff/), 'Check logs')
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(writes).toHaveLength(2))
    expect(writes[1]?.body).toEqual({ content: 'Check logs', is_internal: true })
  })
})

describe('TicketPage client history', { timeout: SLOW_UI }, () => {
  it("lists the client's other tickets and projects as links", async () => {
    signedIn()
    serve({
      '/api/staff/tickets/7/': ticket,
      '/api/staff/team/': { results: [] },
      '/api/staff/tickets/7/client-history/': {
        clients: [{ id: 5, company_name: 'Demo Company', email: 'demo@example.com' }],
        tickets_count: 12,
        tickets: [
          {
            id: 3,
            title: 'Login page slow',
            status: 'resolved',
            priority: 'low',
            project: 3,
            created_at: '2026-10-01T10:00:00Z',
          },
        ],
        projects: [{ id: 3, name: 'Atlas Commerce Platform', status: 'active' }],
      },
    })
    await renderWithRouter(() => <TicketPage id={7} />, { path: '/staff/tickets/7' })
    const panel = (await screen.findByText('Client history')).closest('section') as HTMLElement
    expect(await within(panel).findByRole('link', { name: '#3 Login page slow' })).toHaveAttribute(
      'href',
      '/staff/tickets/3',
    )
    expect(within(panel).getByRole('link', { name: 'Atlas Commerce Platform' })).toHaveAttribute(
      'href',
      '/staff/projects/3',
    )
    expect(within(panel).getByRole('link', { name: 'Demo Company (demo@example.com)' })).toHaveAttribute(
      'href',
      '/staff/clients/5',
    )
    expect(within(panel).getByText('Other tickets (12)')).toBeInTheDocument()
    expect(within(panel).getByText('The newest 1 are listed.')).toBeInTheDocument()
  })
})
