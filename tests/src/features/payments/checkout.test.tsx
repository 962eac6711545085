import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { paymentMessages, type Order } from '../../../../src/contract/payments'
import { toast } from '../../../../src/components/toast'
import { Checkout } from '../../../../src/features/payments/components/checkout'
import { json, stubFetch } from '../../helpers/http'
import { order, sandboxConfig, savedCard } from '../../helpers/payment-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const fetchMock = stubFetch()
spyOnToasts()
beforeEach(() => signedIn())

interface Served {
  cards?: ReturnType<typeof savedCard>[]
  paymob?: () => Response
  stripe?: () => Response
}

/** Answers the checkout's calls; returns the bodies it was sent, by path. */
function serve({ cards = [], paymob, stripe }: Served = {}) {
  const sent: Record<string, unknown> = {}
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (init?.body) sent[path] = JSON.parse(String(init.body))
    if (path === '/api/payments/config/') return json(200, sandboxConfig)
    if (path === '/api/payments/stripe/saved-payment-methods/') return json(200, { results: cards })
    if (path === '/api/payments/paymob/process/41/' && paymob) return paymob()
    if (path === '/api/payments/stripe/process/temp_order/' && stripe) return stripe()
    return json(404, { detail: 'Not found.' })
  })
  return sent
}

function renderCheckout(purchase: Order = order(), walletBalance: number | null = null) {
  return renderWithRouter(
    () => (
      <Checkout
        order={purchase}
        lines={[{ label: purchase.description, amount: purchase.amount }]}
        walletBalance={walletBalance}
      />
    ),
    { path: '/create-app' },
  )
}

const methodNames = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))

describe('checkout', { timeout: SLOW_UI }, () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
  })

  it('offers the card first and chosen, then Fawry and Paymob, without the wallet when it does not cover the total', async () => {
    serve()
    await renderCheckout(order({ amount: 100 }), 99.99)
    await screen.findByRole('button', { name: /^Pay/ })
    expect(methodNames()).toEqual(['Card', 'Fawry', 'Paymob'])
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked()
    expect(screen.getByTestId('order-total')).toHaveTextContent('$100.00')
  })

  it('offers the wallet when its balance covers the total', async () => {
    serve()
    await renderCheckout(order({ amount: 100 }), 100)
    await screen.findByRole('button', { name: /^Pay/ })
    expect(methodNames()).toEqual(['Card', 'Fawry', 'Paymob', 'Wallet'])
  })

  it('never offers the wallet for a top-up of the wallet itself', async () => {
    serve()
    await renderCheckout(order({ kind: 'wallet_topup', amount: 20 }), 500)
    await screen.findByRole('button', { name: /^Pay/ })
    expect(methodNames()).not.toContain('Wallet')
  })

  it('shows the Sandbox badge and the EGP amount for Paymob at the server rate', async () => {
    serve()
    await renderCheckout(order({ amount: 100 }))
    await userEvent.click(await screen.findByRole('radio', { name: 'Paymob' }))
    expect(screen.getByText('Sandbox')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay 3000.00 EGP' })).toBeEnabled()
  })

  it('disables paying offline with a clear message, and sends nothing', async () => {
    serve()
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    await renderCheckout()
    const pay = await screen.findByRole('button', { name: /^Pay/ })
    expect(pay).toBeDisabled()
    expect(screen.getByText(paymentMessages.paymentsOffline)).toBeInTheDocument()
    const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)
    expect(calls.filter((path) => path.includes('/process/'))).toEqual([])
  })

  it("says 'Failed to initialize Paymob payment' when Paymob answers without a payment URL", async () => {
    serve({
      paymob: () =>
        json(200, {
          success: false,
          message: '',
          order_id: 41,
          iframe_url: '',
          payment_url: '',
          charge: { amount: 3000, currency: 'EGP', rate: 30 },
          sandbox: true,
        }),
    })
    await renderCheckout()
    await userEvent.click(await screen.findByRole('radio', { name: 'Paymob' }))
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      paymentMessages.paymobInitializeFailed,
    )
    expect(toast.error).toHaveBeenCalledWith(paymentMessages.paymobInitializeFailed, 5000)
  })

  it('shows Saved Card only when cards exist, and pays with the chosen one confirmed at once', async () => {
    const sent = serve({
      cards: [savedCard()],
      stripe: () =>
        json(200, {
          success: true,
          message: 'Payment successful!',
          order_id: 41,
          client_secret: null,
          payment_intent_id: 'pi_sandbox_1',
          checkout_url: null,
          publishable_key: null,
          sandbox: true,
          status: 'pending',
        }),
    })
    await renderCheckout()
    await userEvent.click(await screen.findByText('Saved Card'))
    const pay = screen.getByRole('button', { name: /^Pay/ })
    expect(pay).toBeDisabled()
    await userEvent.click(screen.getByRole('radio', { name: /4242/ }))
    expect(pay).toBeEnabled()
    await userEvent.click(pay)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(paymentMessages.paymentSuccessful))
    expect(sent['/api/payments/stripe/process/temp_order/']).toMatchObject({
      amount: 10000,
      currency: 'usd',
      use_saved_payment_method: true,
      saved_payment_method_id: 7,
      confirm_payment: true,
      order_id: 41,
      return_to: 'web',
    })
  })

  it('offers no Saved Card choice without saved cards', async () => {
    serve()
    await renderCheckout()
    await screen.findByRole('button', { name: /^Pay/ })
    expect(screen.queryByText('Saved Card')).not.toBeInTheDocument()
  })
})
