import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { InboxItem } from '../../../../src/contract/staff-inbox'
import type { TicketDetail } from '../../../../src/contract/support'
import { ClientPage } from '../../../../src/features/accounts/components/staff/client-page'
import { InboxPage } from '../../../../src/features/inquiries/components/staff/inbox-page'
import type { StaffOrderDetail } from '../../../../src/contract/staff-orders'
import { OrderPage } from '../../../../src/features/payments/components/staff/order-page'
import { OverviewPage } from '../../../../src/features/staff/components/overview-page'
import { ClientProjectForm } from '../../../../src/features/portal/components/staff/client-project-form'
import { TicketPage } from '../../../../src/features/support/components/staff/ticket-page'
import { json, page, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'
import { paidTopUp } from './fixtures'

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

describe('OverviewPage', { timeout: SLOW_UI }, () => {
  it('shows the failed jobs with their queue and error', async () => {
    signedIn()
    serve({
      '/api/staff/overview/': {
        tickets: [{ priority: 'urgent', open: 2, overdue: 1 }],
        inbox: [{ kind: 'contact-messages', new: 3 }],
        failed_jobs: {
          count: 4,
          latest: [
            {
              id: 'a1',
              name: 'receipt-email',
              error: 'SMTP refused the sender',
              failed_at: '2026-11-20T08:00:00Z',
            },
          ],
        },
        payments_today: { count: 2, total_minor: 3799, currency: 'USD' },
        expiring_domains: {
          count: 1,
          soonest: [
            {
              id: 7,
              domain_name: 'northwind-shop.com',
              expiry_date: '2026-12-01T00:00:00Z',
              auto_renew: false,
              client: { id: 9, company_name: 'Northwind Logistics' },
            },
          ],
        },
      },
    })
    await renderWithRouter(() => <OverviewPage />, { path: '/staff' })
    expect(await screen.findByTestId('failed-jobs-count')).toHaveTextContent('4')
    expect(screen.getByText('receipt-email')).toBeInTheDocument()
    expect(screen.getByText('SMTP refused the sender')).toBeInTheDocument()
  })

  it("shows today's payments and the domains about to expire with their client", async () => {
    signedIn()
    serve({
      '/api/staff/overview/': {
        tickets: [],
        inbox: [],
        failed_jobs: { count: 0, latest: [] },
        payments_today: { count: 2, total_minor: 3799, currency: 'USD' },
        expiring_domains: {
          count: 3,
          soonest: [
            {
              id: 7,
              domain_name: 'northwind-shop.com',
              expiry_date: '2026-12-01T00:00:00Z',
              auto_renew: true,
              client: { id: 9, company_name: 'Northwind Logistics' },
            },
          ],
        },
      },
    })
    await renderWithRouter(() => <OverviewPage />, { path: '/staff' })
    expect(await screen.findByTestId('payments-today-total')).toHaveTextContent('$37.99')
    expect(screen.getByText('2 orders paid since midnight (UTC)')).toBeInTheDocument()
    expect(screen.getByTestId('expiring-domains-count')).toHaveTextContent('3')
    expect(screen.getByText('northwind-shop.com')).toBeInTheDocument()
    expect(screen.getByText(/Dec 1, 2026 · auto-renew on/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Northwind Logistics' })).toHaveAttribute(
      'href',
      '/staff/clients/9',
    )
  })
})

describe('InboxPage', { timeout: SLOW_UI }, () => {
  const item: InboxItem = {
    id: 4,
    kind: 'contact-messages',
    name: 'Lina',
    email: 'lina@example.com',
    subject: 'Pricing',
    status: 'new',
    created_at: '2026-11-02T09:00:00Z',
    fields: [{ label: 'Message', value: 'How much is an app?' }],
    file: null,
  }

  it('opens a message, replies by e-mail and keeps the reply when sending fails', async () => {
    signedIn()
    const writes = serve({ '/api/staff/inbox/contact-messages/': page([item]) }, () =>
      json(502, { detail: 'The reply could not be sent. Please try again.' }),
    )
    await renderWithRouter(() => <InboxPage kind="contact-messages" onKind={() => {}} />, {
      path: '/staff/inbox',
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Pricing' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('How much is an app?')).toBeInTheDocument()
    const reply = within(dialog).getByLabelText(/^Reply to lina@example.com/)
    await userEvent.type(reply, 'About 10k.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/staff/inbox/contact-messages/4/reply/',
      body: { subject: 'Re: Pricing', message: 'Hello Lina,\n\nAbout 10k.' },
    })
    expect(reply).toHaveValue('Hello Lina,\n\nAbout 10k.')
  })
})

describe('ClientProjectForm', { timeout: SLOW_UI }, () => {
  it("shows the server's field errors on their fields and keeps what was typed", async () => {
    signedIn()
    serve({ '/api/staff/client-options/': { results: [] } })
    const submitted: unknown[] = []
    await renderWithRouter(
      () => (
        <ClientProjectForm
          submitLabel="Create project"
          pending={false}
          onSubmit={async (values) => {
            submitted.push(values)
            const { ApiError } = await import('../../../../src/lib/api-client')
            throw new ApiError(400, 'The end date cannot be before the start date.', {
              detail: 'The end date cannot be before the start date.',
              end_date: ['The end date cannot be before the start date.'],
            })
          }}
        />
      ),
      { path: '/staff/projects' },
    )
    await userEvent.type(screen.getByLabelText(/^Name/), 'Loyalty App')
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findAllByText('The end date cannot be before the start date.')).toHaveLength(2)
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Loyalty App')
    expect(submitted[0]).toMatchObject({ name: 'Loyalty App', status: 'new', clients: [] })
  })

  it('asks for a name before sending', async () => {
    signedIn()
    serve({ '/api/staff/client-options/': { results: [] } })
    const submitted: unknown[] = []
    await renderWithRouter(
      () => (
        <ClientProjectForm
          submitLabel="Create project"
          pending={false}
          onSubmit={async (v) => void submitted.push(v)}
        />
      ),
      { path: '/staff/projects' },
    )
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(submitted).toHaveLength(0)
  })
})

const orderOfClient: StaffOrderDetail = {
  ...paidTopUp,
  details: {},
  gateway_payment_reference: null,
  fulfilment: { status: 'done', attempts: 1, error: null, fulfilled_at: '2026-11-24T10:01:00Z' },
  attempts: [
    {
      id: 3,
      gateway: 'stripe',
      gateway_reference: 'pi_sandbox_1',
      charge: { amount: 25, currency: 'USD' },
      created_at: '2026-11-24T10:00:30Z',
    },
  ],
  events: [
    {
      id: 1,
      gateway: 'stripe',
      event_id: 'evt_sandbox_1',
      outcome: 'paid',
      result: 'applied',
      reason: null,
      occurred_at: '2026-11-24T10:01:00Z',
      received_at: '2026-11-24T10:01:00Z',
    },
    {
      id: 2,
      gateway: 'paymob',
      event_id: 'evt_rejected_2',
      outcome: 'paid',
      result: 'rejected',
      reason: "Currency EGP differs from the checkout's USD.",
      occurred_at: '2026-11-24T10:02:00Z',
      received_at: '2026-11-24T10:02:00Z',
    },
  ],
  extra_payments: [],
  ledger: [],
  receipt: { number: 'R-2026-000012', issued_at: '2026-11-24T10:01:00Z' },
  receipt_pdf_url: '/api/staff/orders/12/receipt/pdf/',
  refundable: true,
}

describe('ClientPage', { timeout: SLOW_UI }, () => {
  const client = {
    id: 5,
    company_name: 'Demo Company',
    user: {
      id: 9,
      email: 'demo@example.com',
      first_name: 'Dana',
      last_name: 'Mercer',
      is_active: true,
      two_factor: true,
      last_login_at: null,
    },
    phone: '',
    address: '',
    created_at: '2026-01-01T00:00:00Z',
    projects_count: 1,
    apps_count: 0,
    projects: [{ id: 3, name: 'Atlas Commerce Platform', status: 'active', progress: 60 }],
    apps: [],
  }

  it('resets two-factor only with a reason, and deactivates', async () => {
    signedIn()
    const { attempts: _attempts, events: _events, ledger: _ledger, ...listed } = orderOfClient
    const writes = serve({ '/api/staff/clients/5/': client, '/api/staff/orders/': page([listed]) }, (call) =>
      json(
        200,
        call.path.endsWith('deactivate/')
          ? { ...client, user: { ...client.user, is_active: false } }
          : client,
      ),
    )
    await renderWithRouter(() => <ClientPage id={5} />, { path: '/staff/clients/5' })
    expect(await screen.findByText('Atlas Commerce Platform')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: '#12 Wallet top-up of $25.00' })).toHaveAttribute(
      'href',
      '/staff/orders/12',
    )
    expect(screen.getByRole('link', { name: 'All orders of this client' })).toHaveAttribute(
      'href',
      '/staff/orders?client=5',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }))
    const dialog = await screen.findByRole('dialog')
    const confirm = within(dialog).getByRole('button', { name: 'Reset two-factor' })
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Lost phone')
    await userEvent.click(confirm)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      path: '/api/staff/clients/5/reset-two-factor/',
      body: { reason: 'Lost phone' },
    })

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(writes).toHaveLength(2))
    expect(writes[1]?.path).toBe('/api/staff/clients/5/deactivate/')
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument()
  })
})

describe('OrderPage', { timeout: SLOW_UI }, () => {
  const order = orderOfClient

  it('refunds with a reason, keeps the reason and shows the reason of a refusal, then shows the refund', async () => {
    signedIn()
    let refuse = true
    const writes = serve({ '/api/staff/orders/12/': order }, () => {
      if (refuse) return json(409, { detail: 'The gateway refused the refund: already refunded.' })
      return json(200, {
        ...order,
        status: 'refunded',
        refundable: false,
        refund: {
          status: 'succeeded',
          method: 'stripe',
          amount: 25,
          gateway_refund_reference: 're_sandbox_9',
          reason: 'Paid twice',
          by: 'staff@example.com',
          created_at: '2026-11-24T11:00:00Z',
          completed_at: '2026-11-24T11:00:00Z',
        },
      })
    })
    await renderWithRouter(() => <OrderPage id={12} />, { path: '/staff/orders/12' })
    expect(await screen.findByText('evt_sandbox_1')).toBeInTheDocument()
    // A notification that did not match its checkout shows as rejected, with why.
    expect(screen.getByRole('row', { name: /evt_rejected_2/ })).toHaveTextContent(
      "RejectedCurrency EGP differs from the checkout's USD.",
    )
    expect(screen.getByRole('row', { name: /pi_sandbox_1/ })).toHaveTextContent('$25.00')
    expect(screen.getByRole('button', { name: 'Receipt R-2026-000012 (PDF)' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog')
    const confirm = within(dialog).getByRole('button', { name: 'Refund $25.00' })
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Paid twice')
    await userEvent.click(confirm)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already refunded')
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('Paid twice')
    refuse = false
    await userEvent.click(confirm)
    await waitFor(() => expect(writes).toHaveLength(2))
    expect(writes[1]).toMatchObject({ path: '/api/staff/orders/12/refund/', body: { reason: 'Paid twice' } })
    expect(await screen.findByTestId('order-refund')).toHaveTextContent('re_sandbox_9')
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()
  })
})

describe('OrderPage sections', { timeout: SLOW_UI }, () => {
  it('heads the gateway tables and says in a sentence when a part of the order has no rows', async () => {
    signedIn()
    serve({
      '/api/staff/orders/12/': {
        ...orderOfClient,
        attempts: [],
        events: [],
        ledger: [],
        gateway: 'wallet',
        receipt: null,
        refundable: false,
      },
    })
    await renderWithRouter(() => <OrderPage id={12} />, { path: '/staff/orders/12' })
    expect(await screen.findByText('Paid from the wallet, without a checkout.')).toBeInTheDocument()
    expect(screen.getByText('No notification from a gateway about this order.')).toBeInTheDocument()
    expect(screen.getByText('This order made no wallet entry.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('lists the attempts and events under their column headers, and the ledger without', async () => {
    signedIn()
    const withLedger: StaffOrderDetail = {
      ...orderOfClient,
      ledger: [
        {
          id: 40,
          transaction_type: 'top_up',
          source: 'stripe',
          description: 'Wallet top-up',
          amount: 25,
          created_at: '2026-11-24T10:01:00Z',
        },
      ],
    }
    serve({ '/api/staff/orders/12/': withLedger })
    await renderWithRouter(() => <OrderPage id={12} />, { path: '/staff/orders/12' })
    const tables = await screen.findAllByRole('table')
    expect(tables).toHaveLength(3)
    const headers = tables.map((table) =>
      within(table)
        .queryAllByRole('columnheader')
        .map((th) => th.textContent),
    )
    expect(headers).toEqual([
      ['Started', 'Gateway', 'Charge', 'Reference'],
      ['Received', 'Gateway', 'Said', 'Effect', 'Event'],
      [],
    ])
    expect(within(tables[2] as HTMLElement).getByRole('row')).toHaveTextContent('Wallet top-up$25.00')
  })
})
