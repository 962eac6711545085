import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DomainOrder } from '../../../src/contract/domains'
import { AppOrderCheckout } from '../../../src/routes/-app-checkout'
import { DomainCheckout } from '../../../src/routes/-domain-checkout'
import { json, stubFetch } from '../helpers/http'
import { order, sandboxConfig, wallet } from '../helpers/payment-fixtures'
import { renderWithRouter } from '../helpers/render'
import { signedIn } from '../helpers/session'
import { spyOnToasts } from '../helpers/toasts'

const SLOW_UI = 20_000
const fetchMock = stubFetch()
spyOnToasts()
beforeEach(() => signedIn())

const domainOrder: DomainOrder = {
  id: 41,
  order_type: 'domain_registration',
  status: 'pending',
  domain_name: 'wallet-pays.com',
  domain_id: 3,
  years: 1,
  whois_privacy: true,
  base_price: 12.99,
  privacy_price: 5.99,
  final_price: 18.98,
  currency: 'USD',
  created_at: '2026-11-20T10:00:00Z',
}

/** Answers the checkout's calls with a wallet of `balance`; records the paths it was sent to. */
function serve(balance: number, kind: 'domain_registration' | 'app_package' = 'domain_registration') {
  const posted: string[] = []
  const unpaid = order({ id: 41, kind, amount: 18.98, description: 'Domain registration' })
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (init?.method === 'POST') posted.push(path)
    if (path === '/api/payments/config/') return json(200, sandboxConfig)
    if (path === '/api/payments/stripe/saved-payment-methods/') return json(200, { results: [] })
    if (path === '/api/client/wallet/') return json(200, wallet({ balance }))
    if (path === '/api/payments/orders/41/') return json(200, unpaid)
    if (path === '/api/payments/orders/41/pay-with-wallet/')
      return json(200, {
        success: true,
        message: 'Paid from your wallet.',
        order: { ...unpaid, status: 'paid', gateway: 'wallet', fulfilled: true },
      })
    return json(404, { detail: 'Not found.' })
  })
  return posted
}

const methodNames = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))

describe('checkouts offer the wallet', { timeout: SLOW_UI }, () => {
  it('a domain registration pays from the wallet when its balance covers the total', async () => {
    const posted = serve(50)
    const { router } = await renderWithRouter(() => <DomainCheckout order={domainOrder} />, {
      path: '/domain-register',
    })
    await userEvent.click(await screen.findByRole('radio', { name: 'Wallet' }))
    expect(screen.getByText('$50.00')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Pay $18.98' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/success/41'))
    expect(posted).toEqual(['/api/payments/orders/41/pay-with-wallet/'])
  })

  it('a domain checkout leaves the wallet out when its balance does not cover the total', async () => {
    serve(18.97)
    await renderWithRouter(() => <DomainCheckout order={domainOrder} />, { path: '/domain-register' })
    await screen.findByRole('button', { name: 'Pay $18.98' })
    // The wallet has answered by now; it still is not offered.
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/wallet/'))).toBe(true))
    expect(methodNames()).toEqual(['Card', 'Fawry', 'Paymob'])
  })

  it("the create-app wizard's checkout (and an app's 'Complete payment') offers the wallet too", async () => {
    serve(100, 'app_package')
    await renderWithRouter(() => <AppOrderCheckout orderId={41} onGatewayOpened={() => {}} />, {
      path: '/create-app',
    })
    expect(await screen.findByRole('radio', { name: 'Wallet' })).toBeInTheDocument()
  })
})
