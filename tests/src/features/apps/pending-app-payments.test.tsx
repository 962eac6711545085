import { configure, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ClientUser } from '../../../../src/contract/auth'
import { wizardMessages } from '../../../../src/contract/apps'
import { toast } from '../../../../src/components/toast'
import { PendingAppPayments } from '../../../../src/features/apps/components/pending-app-payments'
import { pendingAppPayments, rememberPendingPayment } from '../../../../src/features/apps/pending-payments'
import { session } from '../../../../src/lib/session'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { demoUser, signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

configure({ asyncUtilTimeout: 15_000 })
const fetchMock = stubFetch()
spyOnToasts()
beforeEach(async () => {
  window.localStorage.clear()
  signedIn()
  await session.signIn({ access: 'access-token', refresh: 'r', client: demoUser as ClientUser })
})

function appDetails(status: string) {
  return {
    id: 77,
    name: 'Order Alerts',
    description: 'SMS messaging',
    status,
    api_key: 'cyk_0123456789abcdef',
    test_api_key: 'cyk_test_0123456789abcdef',
    callback_url: null,
    created_at: '2026-11-20T10:00:00Z',
    client: { company_name: 'Demo Company' },
    statistics: {
      total_messages: 0,
      active_subscriptions: 1,
      delivered: 0,
      failed: 0,
      pending: 0,
      segments: 0,
      delivery_rate: null,
      average_response_seconds: null,
      uptime: null,
      messages_this_month: 0,
      messages_last_month: 0,
    },
    daily_messages: [],
    subscriptions: [],
    recent_messages: [],
    pending_order_id: status === 'pending' ? 41 : null,
  }
}

describe('pending app payments on the dashboard', { timeout: 30_000 }, () => {
  it('waits for the gateway, then says the app is active and forgets the pending payment', async () => {
    rememberPendingPayment(demoUser.id, { appId: 77, orderId: 41, name: 'Order Alerts' })
    let asked = 0
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path !== '/api/client/apps/77/') return json(404, { detail: 'Not found.' })
      asked += 1
      return json(200, appDetails(asked === 1 ? 'pending' : 'active'))
    })
    await renderWithRouter(() => <PendingAppPayments />, { path: '/dashboard' })
    expect(await screen.findByTestId('pending-app-payments')).toHaveTextContent(
      wizardMessages.paymentAwaited('Order Alerts'),
    )
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(wizardMessages.appActivated('Order Alerts'), 5000),
    )
    expect(screen.queryByTestId('pending-app-payments')).not.toBeInTheDocument()
    expect(pendingAppPayments(demoUser.id)).toEqual([])
  })

  it("forgets an app the server does not know for this client, and never shows another user's", async () => {
    rememberPendingPayment(demoUser.id, { appId: 77, orderId: 41, name: 'Order Alerts' })
    rememberPendingPayment(demoUser.id + 1, { appId: 78, orderId: 42, name: 'Not Mine' })
    fetchMock.mockImplementation(async () => json(404, { detail: 'Not found.' }))
    await renderWithRouter(() => <PendingAppPayments />, { path: '/dashboard' })
    await waitFor(() => expect(pendingAppPayments(demoUser.id)).toEqual([]))
    expect(screen.queryByText(/Not Mine/)).not.toBeInTheDocument()
    expect(toast.success).not.toHaveBeenCalled()
    expect(pendingAppPayments(demoUser.id + 1)).toHaveLength(1)
  })
})
