import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../../src/contract/staff'
import type { StaffClientRow } from '../../../../src/contract/accounts-staff'
import type { StaffOffice } from '../../../../src/contract/offices-staff'
import type { InboxItem } from '../../../../src/contract/inquiries-staff'
import type { StaffProjectRow } from '../../../../src/contract/portal-staff'
import type { Ticket } from '../../../../src/contract/support'
import { AuditPage } from '../../../../src/features/staff/components/audit-page'
import { StaffClientsPage } from '../../../../src/features/accounts/components/staff/staff-clients-page'
import { OfficesPage } from '../../../../src/features/offices/components/staff/offices-page'
import { InboxPage } from '../../../../src/features/inquiries/components/staff/inbox-page'
import { OrdersPage } from '../../../../src/features/payments/components/staff/orders-page'
import { ClientProjectsPage } from '../../../../src/features/portal/components/staff/client-projects-page'
import { TicketsPage } from '../../../../src/features/support/components/staff/tickets-page'
import { page, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { paidTopUp } from '../../helpers/staff-fixtures'

const SLOW_UI = 20_000
const { serve } = stubApi()

const order = paidTopUp
const ticket: Ticket = {
  id: 7,
  project: 3,
  title: 'Checkout times out',
  description: 'Carts over 50 items fail.',
  status: 'open',
  priority: 'high',
  is_overdue: true,
  created_by: { first_name: 'Dana', last_name: 'Mercer' },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  assigned_to: null,
  category: null,
  due_date: '2026-11-01T14:00:00Z',
}
const client: StaffClientRow = {
  id: 5,
  company_name: 'Demo Company',
  user: {
    id: 9,
    email: 'demo@example.com',
    first_name: 'Dana',
    last_name: 'Mercer',
    is_active: true,
    two_factor: false,
    last_login_at: null,
  },
  phone: '',
  created_at: '2026-01-01T00:00:00Z',
  projects_count: 1,
  apps_count: 0,
}
const project: StaffProjectRow = {
  id: 3,
  name: 'Atlas Commerce Platform',
  key: 'ATLAS',
  status: 'active',
  priority: 'high',
  progress: 60,
  total_budget: 12000,
  amount_paid: 4000,
  start_date: '2026-01-01',
  end_date: null,
  clients: [{ id: 5, company_name: 'Demo Company' }],
  updated_at: '2026-11-01T10:00:00Z',
}
const entry: AuditEntry = {
  id: 31,
  actor: { id: 2, email: 'staff@example.com' },
  action: 'update',
  entity_type: 'ticket',
  entity_id: 7,
  summary: 'Changed the status of ticket #7',
  before: { status: 'open' },
  after: { status: 'resolved' },
  request_id: 'req-1',
  created_at: '2026-11-01T10:00:00Z',
}
const message: InboxItem = {
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
const office: StaffOffice = {
  id: 3,
  title: 'Dubai Office',
  address: 'Dubai Internet City',
  phone: null,
  email: null,
  lat: null,
  lng: null,
  position: 1,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
}

interface ListCase {
  name: string
  ui: () => ReactNode
  at: string
  api: string
  row: object
  /** How the row's record is opened: a link to its page, or a button (the inbox's dialog). */
  opens: { name: string; href?: string }
  search: string
  count: string
  pages: string
  empty: [string, string]
}

const LISTS: ListCase[] = [
  {
    name: 'orders',
    ui: () => <OrdersPage />,
    at: '/staff/orders',
    api: '/api/staff/orders/',
    row: order,
    opens: { name: '#12 Wallet top-up of $25.00', href: '/staff/orders/12' },
    search: 'Search orders',
    count: '45 orders',
    pages: 'Order pages',
    empty: ['No orders', 'No order matches these filters.'],
  },
  {
    name: 'tickets',
    ui: () => <TicketsPage />,
    at: '/staff/tickets',
    api: '/api/staff/tickets/',
    row: ticket,
    opens: { name: '#7 Checkout times out', href: '/staff/tickets/7' },
    search: 'Search tickets',
    count: '45 tickets',
    pages: 'Ticket pages',
    empty: ['No tickets', 'No ticket matches these filters.'],
  },
  {
    name: 'clients',
    ui: () => <StaffClientsPage />,
    at: '/staff/clients',
    api: '/api/staff/clients/',
    row: client,
    opens: { name: 'Demo Company', href: '/staff/clients/5' },
    search: 'Search clients',
    count: '45 clients',
    pages: 'Client pages',
    empty: ['No clients', 'No client matches these filters.'],
  },
  {
    name: 'projects',
    ui: () => <ClientProjectsPage />,
    at: '/staff/projects',
    api: '/api/staff/projects/',
    row: project,
    opens: { name: 'Atlas Commerce Platform', href: '/staff/projects/3' },
    search: 'Search projects',
    count: '45 projects',
    pages: 'Project pages',
    empty: ['No projects', 'No project matches these filters.'],
  },
  {
    name: 'the audit log',
    ui: () => <AuditPage />,
    at: '/staff/audit',
    api: '/api/staff/audit/',
    row: entry,
    opens: { name: '' },
    search: 'Search the audit log',
    count: '45 changes',
    pages: 'Audit log pages',
    empty: ['No changes', 'No change matches these filters.'],
  },
  {
    name: 'the inbox',
    ui: () => <InboxPage kind="contact-messages" onKind={() => {}} />,
    at: '/staff/inbox',
    api: '/api/staff/inbox/contact-messages/',
    row: message,
    opens: { name: 'Pricing' },
    search: 'Search contact messages',
    count: '45 items',
    pages: 'Inbox pages',
    empty: ['No items', 'No item matches these filters.'],
  },
  {
    name: 'content (offices)',
    ui: () => <OfficesPage />,
    at: '/staff/content/offices',
    api: '/api/staff/content/offices/',
    row: office,
    opens: { name: 'Dubai Office', href: '/staff/content/offices/3' },
    search: 'Search offices',
    count: '45 offices',
    pages: 'Office pages',
    empty: ['No offices', 'No office matches these filters.'],
  },
]

describe('every staff list shares one shell', { timeout: SLOW_UI }, () => {
  it.each(LISTS)('$name: counts its rows, opens a row, pages, and searches', async (list) => {
    signedIn()
    const queries: URLSearchParams[] = []
    serve({
      [list.api]: (url: URL) => {
        queries.push(url.searchParams)
        return page([list.row], 45)
      },
    })
    await renderWithRouter(list.ui, { path: list.at })
    expect(await screen.findByText(list.count)).toBeInTheDocument()
    if (list.opens.href) {
      expect(screen.getByRole('link', { name: list.opens.name })).toHaveAttribute('href', list.opens.href)
    } else if (list.opens.name) {
      expect(screen.getByRole('button', { name: list.opens.name })).toBeInTheDocument()
    }
    const pages = screen.getByRole('navigation', { name: list.pages })
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'))

    const search = screen.getByRole('search', { name: list.search })
    await userEvent.type(within(search).getByRole('textbox', { name: 'Search' }), 'atlas{Enter}')
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('atlas'))
    // A new search starts again from the first page.
    expect(queries.at(-1)?.get('page')).toBeNull()
  })

  it.each(LISTS)(
    "$name: shows the API's reason when loading fails, then says when nothing matches",
    async (list) => {
      signedIn()
      let answer: unknown = undefined
      serve({ [list.api]: () => answer })
      await renderWithRouter(list.ui, { path: list.at })
      const failure = await screen.findByRole('alert')
      expect(within(failure).getByText('Not found.')).toBeInTheDocument()

      answer = page([])
      await userEvent.click(within(failure).getByRole('button', { name: 'Try Again' }))
      expect(await screen.findByRole('heading', { name: list.empty[0] })).toBeInTheDocument()
      expect(screen.getByText(list.empty[1])).toBeInTheDocument()
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
    },
  )
})
