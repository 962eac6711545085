import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ClientPage } from '../../../../src/features/accounts/components/staff/client-page'
import { ClientOrders } from '../../../../src/features/payments/components/staff/client-orders'
import type { StaffOrderDetail } from '../../../../src/contract/payments-staff'
import { json, page, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'
import { paidTopUp } from '../../helpers/staff-fixtures'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

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
    await renderWithRouter(() => <ClientPage id={5} orders={<ClientOrders clientId={5} />} />, {
      path: '/staff/clients/5',
    })
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
