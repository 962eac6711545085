import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientUser } from '../../../../src/contract/auth'
import { pendingAppMessages } from '../../../../src/contract/apps'
import { toast } from '../../../../src/components/toast'
import { ManageAppPage } from '../../../../src/features/apps/components/manage-app-page'
import { PendingAppPaymentPage } from '../../../../src/features/apps/components/pending-app-payment-page'
import { pendingAppPayments, rememberPendingPayment } from '../../../../src/features/apps/pending-payments'
import { session } from '../../../../src/lib/session'
import { json, stubFetch } from '../../helpers/http'
import { appDetails } from '../../helpers/portal-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { demoUser, signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const fetchMock = stubFetch()
spyOnToasts()
beforeEach(async () => {
  window.localStorage.clear()
  signedIn()
  await session.signIn({ access: 'access-token', refresh: 'r', client: demoUser as ClientUser })
})

const pending = appDetails({ status: 'pending', pending_order_id: 41 })

describe('a pending app on /manage-msg/{id}', { timeout: 20_000 }, () => {
  it("offers 'Complete payment' on the same order's checkout page", async () => {
    fetchMock.mockImplementation(async () => json(200, pending))
    await renderWithRouter(() => <ManageAppPage appId={1} tab="overview" onTabChange={() => {}} />, {
      path: '/manage-msg/1',
    })
    const actions = await screen.findByTestId('pending-app-actions')
    expect(actions).toHaveTextContent(pendingAppMessages.waiting)
    expect(within(actions).getByRole('link', { name: 'Complete payment' })).toHaveAttribute(
      'href',
      '/manage-msg/1/payment',
    )
  })

  it('cancels the order only after the confirmation, and forgets the remembered pending payment', async () => {
    rememberPendingPayment(demoUser.id, { appId: 1, orderId: 41, name: 'Order Alerts' })
    const posted: string[] = []
    let cancelled = false
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (init?.method === 'POST') {
        posted.push(path)
        cancelled = true
        return json(200, { success: true, message: pendingAppMessages.cancelled })
      }
      return json(200, cancelled ? appDetails({ status: 'cancelled' }) : pending)
    })
    await renderWithRouter(() => <ManageAppPage appId={1} tab="overview" onTabChange={() => {}} />, {
      path: '/manage-msg/1',
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }))
    const dialog = await screen.findByRole('dialog', { name: pendingAppMessages.cancelConfirmTitle })
    expect(dialog).toHaveTextContent(pendingAppMessages.cancelConfirm('Order Alerts'))
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(posted).toEqual([])

    await user.click(
      within(screen.getByTestId('pending-app-actions')).getByRole('button', { name: 'Cancel payment' }),
    )
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1))
    const again = await screen.findByRole('dialog', { name: pendingAppMessages.cancelConfirmTitle })
    await user.click(within(again).getByRole('button', { name: 'Cancel payment' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(pendingAppMessages.cancelled))
    expect(posted).toEqual(['/api/client/apps/1/cancel-payment/'])
    expect(pendingAppPayments(demoUser.id)).toEqual([])
    await waitFor(() => expect(screen.queryByTestId('pending-app-actions')).not.toBeInTheDocument())
    expect(screen.getByText('cancelled')).toBeInTheDocument()
  })

  it("shows the server's reason when the payment was made meanwhile", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? json(409, { detail: pendingAppMessages.alreadyPaid }) : json(200, pending),
    )
    await renderWithRouter(() => <ManageAppPage appId={1} tab="overview" onTabChange={() => {}} />, {
      path: '/manage-msg/1',
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(pendingAppMessages.alreadyPaid))
  })
})

describe('/manage-msg/{id}/payment', { timeout: 20_000 }, () => {
  it("hands the app's existing order to the checkout and remembers a gateway payment for the dashboard", async () => {
    fetchMock.mockImplementation(async () => json(200, pending))
    const checkout = vi.fn(
      ({ orderId, onGatewayOpened }: { orderId: number; onGatewayOpened: () => void }) => (
        <button type="button" onClick={onGatewayOpened}>
          Checkout for order {orderId}
        </button>
      ),
    )
    await renderWithRouter(() => <PendingAppPaymentPage appId={1} checkout={checkout} />, {
      path: '/manage-msg/1/payment',
    })
    expect(
      await screen.findByRole('heading', { name: pendingAppMessages.payTitle('Order Alerts') }),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Checkout for order 41' }))
    expect(pendingAppPayments(demoUser.id)).toMatchObject([{ appId: 1, orderId: 41, name: 'Order Alerts' }])
  })

  it('shows no checkout for an app that is not waiting for a payment', async () => {
    fetchMock.mockImplementation(async () => json(200, appDetails({ status: 'active' })))
    const checkout = vi.fn(() => <p>checkout</p>)
    await renderWithRouter(() => <PendingAppPaymentPage appId={1} checkout={checkout} />, {
      path: '/manage-msg/1/payment',
    })
    expect(await screen.findByTestId('nothing-to-pay')).toHaveTextContent(pendingAppMessages.notPending)
    expect(checkout).not.toHaveBeenCalled()
  })
})
