import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OrderHistory } from '../../../../src/contract/billing'
import { toast } from '../../../../src/components/toast'
import { BillingPage } from '../../../../src/features/billing/components/billing-page'
import { OrderHistoryPage } from '../../../../src/features/billing/components/order-history-page'
import { json, page, stubFetch } from '../../helpers/http'
import { order } from '../../helpers/payment-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000
configure({ asyncUtilTimeout: 8_000 })
const fetchMock = stubFetch()
spyOnToasts()
beforeEach(() => signedIn())

const receipt = (orderId: number) => <a href={`/receipt/${orderId}`}>Receipt (PDF) of {orderId}</a>

function history(overrides: Partial<OrderHistory> = {}): OrderHistory {
  return {
    order: order({
      id: 41,
      kind: 'domain_registration',
      description: 'Domain registration: acme.com (1 year)',
      amount: 18.98,
      status: 'paid',
      gateway: 'stripe',
      paid_at: '2026-11-20T10:05:00Z',
      fulfilled: true,
    }),
    attempts: [
      {
        gateway: 'paymob',
        amount: 569.4,
        currency: 'EGP',
        result: 'failed',
        reference: '8812',
        created_at: '2026-11-20T10:01:00Z',
      },
      {
        gateway: 'stripe',
        amount: 18.98,
        currency: 'USD',
        result: 'succeeded',
        reference: 'pi_123',
        created_at: '2026-11-20T10:04:00Z',
      },
    ],
    refunds: [],
    receipt: {
      number: 'R-2026-000042',
      issued_at: '2026-11-20T10:05:00Z',
      pdf_url: '/api/receipts/orders/41/pdf/',
    },
    payable: false,
    ...overrides,
  }
}

/** Serves the history of order 41 (and its cancel); records what was posted. */
function serveHistory(answer: OrderHistory) {
  const posted: string[] = []
  let current = answer
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/payments/orders/41/history/') return json(200, current)
    if (path === '/api/payments/orders/41/cancel/' && init?.method === 'POST') {
      posted.push(path)
      const cancelled = { ...current.order, status: 'cancelled' as const }
      current = { ...current, order: cancelled, payable: false }
      return json(200, { success: true, message: 'Order cancelled.', order: cancelled })
    }
    return json(404, { detail: 'Order not found.' })
  })
  return posted
}

describe('billing history', { timeout: SLOW_UI }, () => {
  it('lists every order with what it bought, amount and currency, method, status and date, each opening its history', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path !== '/api/payments/orders/') return json(404, { detail: 'Not found.' })
      return json(
        200,
        page([
          order({ id: 42, kind: 'wallet_topup', description: 'Wallet top-up of $25.00', amount: 25 }),
          order({
            id: 41,
            kind: 'domain_registration',
            description: 'Domain registration: acme.com (1 year)',
            amount: 18.98,
            status: 'paid',
            gateway: 'paymob',
            charge: { amount: 569.4, currency: 'EGP', rate: 30 },
          }),
        ]),
      )
    })
    const { router } = await renderWithRouter(() => <BillingPage />, { path: '/billing' })
    const rows = await screen.findAllByTestId('billing-order')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Wallet top-up of $25.00')
    expect(rows[0]).toHaveTextContent('pending')
    expect(rows[0]).toHaveTextContent('—')
    expect(rows[1]).toHaveTextContent('$18.98 USD')
    expect(rows[1]).toHaveTextContent('Paymob')
    expect(rows[1]).toHaveTextContent('paid')
    expect(rows[1]).toHaveTextContent('Domain registration')
    expect(rows[1]).toHaveTextContent('Nov 20, 2026')
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('link', { name: /acme\.com/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/41'))
  })

  it('shows an order’s attempts (gateway, amount, currency, result, time), refunds and receipt', async () => {
    serveHistory(
      history({
        order: { ...history().order, status: 'refunded' },
        refunds: [
          {
            status: 'succeeded',
            method: 'stripe',
            amount: 18.98,
            currency: 'USD',
            reason: 'Registered by mistake',
            created_at: '2026-11-21T10:00:00Z',
            completed_at: '2026-11-21T10:00:05Z',
          },
        ],
      }),
    )
    await renderWithRouter(() => <OrderHistoryPage orderId={41} receipt={receipt} />, { path: '/billing/41' })
    const attempts = await screen.findAllByTestId('payment-attempt')
    expect(attempts[0]).toHaveTextContent('Paymob')
    expect(attempts[0]).toHaveTextContent('EGP')
    expect(attempts[0]).toHaveTextContent('569.40')
    expect(attempts[0]).toHaveTextContent('Failed')
    expect(attempts[1]).toHaveTextContent('Card')
    expect(attempts[1]).toHaveTextContent('$18.98 USD')
    expect(attempts[1]).toHaveTextContent('Succeeded')
    expect(attempts[1]).toHaveTextContent('pi_123')
    expect(screen.getByTestId('order-refunds')).toHaveTextContent('Registered by mistake')
    expect(screen.getByTestId('order-receipt')).toHaveTextContent('R-2026-000042')
    expect(screen.getByRole('link', { name: 'Receipt (PDF) of 41' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
  })

  it('shows a second payment given back automatically in its own currency, as an attempt and a refund', async () => {
    serveHistory(
      history({
        attempts: [
          {
            gateway: 'wallet',
            amount: 18.98,
            currency: 'USD',
            result: 'succeeded',
            reference: null,
            created_at: '2026-11-20T10:01:00Z',
          },
          {
            gateway: 'paymob',
            amount: 569.4,
            currency: 'EGP',
            result: 'succeeded',
            reference: '8812',
            created_at: '2026-11-20T10:00:00Z',
          },
        ],
        refunds: [
          {
            status: 'pending',
            method: 'paymob',
            amount: 569.4,
            currency: 'EGP',
            reason: 'Duplicate payment: the order was already paid.',
            created_at: '2026-11-20T10:02:00Z',
            completed_at: null,
          },
        ],
      }),
    )
    await renderWithRouter(() => <OrderHistoryPage orderId={41} receipt={receipt} />, { path: '/billing/41' })
    const [refund] = await screen.findAllByTestId('order-refund')
    expect(refund).toHaveTextContent('Paymob')
    expect(refund).toHaveTextContent('569.40')
    expect(refund).toHaveTextContent('EGP')
    expect(refund).not.toHaveTextContent('$')
    expect(refund).toHaveTextContent('In progress')
    expect(refund).toHaveTextContent('Duplicate payment: the order was already paid.')
    expect(screen.getAllByTestId('payment-attempt')[1]).toHaveTextContent('Succeeded')
  })

  it('offers an unpaid order "Complete payment" into its checkout and "Cancel order", which cancels it after a confirmation', async () => {
    const posted = serveHistory(
      history({
        order: { ...history().order, status: 'failed', paid_at: null, failure_reason: 'Declined.' },
        attempts: [history().attempts[0] as OrderHistory['attempts'][number]],
        receipt: null,
        payable: true,
      }),
    )
    await renderWithRouter(() => <OrderHistoryPage orderId={41} receipt={receipt} />, { path: '/billing/41' })
    expect(await screen.findByRole('link', { name: 'Complete payment' })).toHaveAttribute(
      'href',
      '/billing/41/pay',
    )
    expect(screen.getByText('A receipt is issued once the order is paid.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' })
    expect(posted).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    await waitFor(() => expect(posted).toEqual(['/api/payments/orders/41/cancel/']))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order cancelled.'))
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('cancelled'))
    expect(screen.queryByRole('link', { name: 'Complete payment' })).toBeNull()
  })

  it('says an order that is not the client’s was not found', async () => {
    serveHistory(history())
    await renderWithRouter(() => <OrderHistoryPage orderId={7} receipt={receipt} />, { path: '/billing/7' })
    expect(await screen.findByText('Order not found.')).toBeInTheDocument()
  })
})
