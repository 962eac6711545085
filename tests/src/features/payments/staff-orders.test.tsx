import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffOrderDetail } from '../../../../src/contract/payments-staff'
import { OrderPage } from '../../../../src/features/payments/components/staff/order-page'
import { json, stubApi } from '../../helpers/http'
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
