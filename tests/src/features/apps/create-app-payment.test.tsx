import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GATEWAY_REDIRECT_MS, wizardMessages } from '../../../../src/contract/apps'
import type { ClientUser } from '../../../../src/contract/auth'
import { paymentMessages } from '../../../../src/contract/payments'
import { toast } from '../../../../src/components/toast'
import { CreateAppWizard } from '../../../../src/features/apps/components/create-app-wizard'
import { pendingAppPayments } from '../../../../src/features/apps/pending-payments'
import { session } from '../../../../src/lib/session'
import { AppCheckout } from '../../../../src/routes/-app-checkout'
import { json, stubFetch } from '../../helpers/http'
import { order, sandboxConfig } from '../../helpers/payment-fixtures'
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
afterEach(() => {
  vi.useRealTimers()
})

const smsPackages = {
  packages: [
    {
      id: 11,
      name: 'SMS Msg Basic',
      service_type: 'sms',
      price: 100,
      duration_months: 12,
      limit: 100000,
      sms_scope: 'local',
    },
  ],
}

const created = {
  success: true,
  message: wizardMessages.createdPending,
  id: 77,
  app: { id: 77, name: 'Order Alerts', status: 'pending' },
  order_id: 41,
  total: 100,
}

function paymobAnswer(overrides: Record<string, unknown>) {
  return {
    success: true,
    message: '',
    order_id: 41,
    iframe_url: '',
    payment_url: '',
    charge: { amount: 3000, currency: 'EGP', rate: 30 },
    sandbox: true,
    ...overrides,
  }
}

interface Served {
  create?: () => Response
  paymob?: () => Response
}

/** Answers the wizard's and the checkout's calls; returns the paths called, in order. */
function serve({ create = () => json(201, created), paymob }: Served = {}) {
  const calls: string[] = []
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    calls.push(path)
    if (path === '/api/client/messaging/packages/sms_packages/') return json(200, smsPackages)
    if (path === '/api/client/create-app/') return create()
    if (path === '/api/payments/orders/41/') return json(200, order())
    if (path === '/api/payments/config/') return json(200, sandboxConfig)
    if (path === '/api/payments/stripe/saved-payment-methods/') return json(200, { results: [] })
    if (path === '/api/payments/paymob/process/41/' && paymob) return paymob()
    return json(404, { detail: 'Not found.' })
  })
  return calls
}

async function renderWizard(user: ReturnType<typeof userEvent.setup>) {
  const rendered = await renderWithRouter(
    () => <CreateAppWizard payment={(props) => <AppCheckout {...props} />} />,
    { path: '/create-app' },
  )
  await user.type(await screen.findByLabelText(/App name/), 'Order Alerts')
  await user.click(screen.getByRole('button', { name: 'Next Step' }))
  await user.click(screen.getByTestId('service-sms'))
  await user.click(screen.getByRole('button', { name: 'Next Step' }))
  await user.click(await screen.findByTestId('package-11'))
  await user.click(screen.getByRole('button', { name: 'Next Step' }))
  return rendered
}

describe('/create-app payment step', { timeout: 20_000 }, () => {
  it('creates the app, then opens the shared checkout for its order with the card chosen', async () => {
    const calls = serve()
    const user = userEvent.setup()
    await renderWizard(user)
    expect(calls).not.toContain('/api/client/create-app/')
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    expect(await screen.findByRole('button', { name: 'Pay $100.00' })).toBeEnabled()
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked()
    expect(calls).toContain('/api/payments/orders/41/')
    // Created once: the wizard's buttons give way to the checkout.
    expect(screen.queryByRole('button', { name: 'Create App' })).not.toBeInTheDocument()
  })

  it('Paymob: opens the gateway page in a new tab, remembers the pending payment and goes to the dashboard about 5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const opened = vi.spyOn(window, 'open').mockReturnValue(null)
    serve({
      paymob: () =>
        json(
          200,
          paymobAnswer({
            success: true,
            iframe_url: '/sandbox/payments/checkout?s=token',
            payment_url: '/sandbox/payments/checkout?s=token',
          }),
        ),
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router } = await renderWizard(user)
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    await user.click(await screen.findByRole('radio', { name: 'Paymob' }))
    await user.click(screen.getByRole('button', { name: 'Pay 3000.00 EGP' }))
    expect(await screen.findByTestId('wizard-pending')).toHaveTextContent(wizardMessages.createdPending)
    expect(opened).toHaveBeenCalledWith(
      'http://localhost:3000/sandbox/payments/checkout?s=token',
      '_blank',
      'noopener,noreferrer',
    )
    expect(toast.success).toHaveBeenCalledWith(wizardMessages.createdPending, GATEWAY_REDIRECT_MS)
    expect(screen.getByTestId('gateway-opened')).toHaveTextContent('The payment page opened in a new tab.')
    expect(pendingAppPayments(demoUser.id)).toEqual([
      expect.objectContaining({ appId: 77, orderId: 41, name: 'Order Alerts' }),
    ])
    expect(router.state.location.pathname).toBe('/create-app')
    act(() => {
      vi.advanceTimersByTime(GATEWAY_REDIRECT_MS)
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it("says 'Failed to setup payment: Failed to create Paymob payment intent' when the gateway cannot start", async () => {
    serve({ paymob: () => new Response('', { status: 502 }) })
    const user = userEvent.setup()
    await renderWizard(user)
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    await user.click(await screen.findByRole('radio', { name: 'Paymob' }))
    await user.click(screen.getByRole('button', { name: 'Pay 3000.00 EGP' }))
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      paymentMessages.setupFailed(paymentMessages.paymobIntentFailed),
    )
    expect(pendingAppPayments(demoUser.id)).toEqual([])
  })

  it("says 'Failed to setup payment: Failed to get Paymob payment URL' when the gateway gives no page", async () => {
    serve({ paymob: () => json(200, paymobAnswer({ success: false })) })
    const user = userEvent.setup()
    await renderWizard(user)
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    await user.click(await screen.findByRole('radio', { name: 'Paymob' }))
    await user.click(screen.getByRole('button', { name: 'Pay 3000.00 EGP' }))
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      paymentMessages.setupFailed(paymentMessages.paymobUrlFailed),
    )
  })

  it("says 'Failed to get app ID from creation response' when the creation answer has no id", async () => {
    serve({ create: () => json(201, { success: true, message: 'ok' }) })
    const user = userEvent.setup()
    await renderWizard(user)
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    expect(await screen.findByTestId('wizard-error')).toHaveTextContent(
      wizardMessages.setupFailed(wizardMessages.appIdMissing),
    )
    // Still on the Payment step with what was chosen, and Create App can be pressed again.
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('$100.00')
    expect(screen.getByRole('button', { name: 'Create App' })).toBeEnabled()
  })

  it("says 'Failed to setup payment: Failed to create app' when the server cannot be reached", async () => {
    serve({ create: () => Promise.reject(new TypeError('Failed to fetch')) as never })
    const user = userEvent.setup()
    await renderWizard(user)
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    expect(await screen.findByTestId('wizard-error')).toHaveTextContent(
      wizardMessages.setupFailed(wizardMessages.createFailed),
    )
  })
})
