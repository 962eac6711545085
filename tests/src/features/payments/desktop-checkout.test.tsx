import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Checkout } from '../../../../src/features/payments/components/checkout'
import { json, stubFetch } from '../../helpers/http'
import { order, sandboxConfig } from '../../helpers/payment-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const SLOW_UI = 20_000
configure({ asyncUtilTimeout: 8_000 })

const desktop = vi.hoisted(() => ({
  kind: 'desktop' as const,
  apiBaseUrl: 'http://127.0.0.1:8080',
  openExternal: vi.fn(async (_url: string) => {}),
  onDeepLink: () => () => {},
  registerUpdates: () => {},
  session: {
    signIn: vi.fn(),
    refresh: vi.fn(async () => ({ status: 'expired' as const })),
    signOut: vi.fn(async () => {}),
  },
}))
vi.mock('../../../../src/platform/current', () => ({ platform: desktop }))

const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
  desktop.openExternal.mockClear()
})

describe('desktop checkout', { timeout: SLOW_UI }, () => {
  it('opens the gateway page in the system browser and polls the order until the server has it paid', async () => {
    let polls = 0
    const sent: Record<string, unknown> = {}
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input)).pathname
      if (init?.body) sent[path] = JSON.parse(String(init.body))
      if (path === '/api/payments/config/') return json(200, sandboxConfig)
      if (path === '/api/payments/stripe/saved-payment-methods/') return json(200, { results: [] })
      if (path === '/api/payments/fawry/process/41/') {
        return json(200, {
          success: true,
          message: '',
          order_id: 41,
          redirect_url: '/sandbox/checkout/fawry/abc',
          payment_url: '/sandbox/checkout/fawry/abc',
          reference_number: '9912345',
          charge: { amount: 3000, currency: 'EGP', rate: 30 },
          sandbox: true,
        })
      }
      if (path === '/api/payments/orders/41/') {
        polls += 1
        // Pending on the first look; the gateway's notification has arrived by the second.
        return json(200, polls < 2 ? order() : order({ status: 'paid', fulfilled: true, gateway: 'fawry' }))
      }
      return json(404, { detail: 'Not found.' })
    })
    const { router } = await renderWithRouter(
      () => <Checkout order={order()} lines={[{ label: 'Package', amount: 100 }]} />,
      {
        path: '/create-app',
      },
    )
    await userEvent.click(await screen.findByRole('radio', { name: 'Fawry' }))
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect(await screen.findByTestId('awaiting-gateway')).toBeInTheDocument()
    expect(desktop.openExternal).toHaveBeenCalledWith('http://127.0.0.1:8080/sandbox/checkout/fawry/abc')
    expect(sent['/api/payments/fawry/process/41/']).toMatchObject({ return_to: 'desktop', currency: 'EGP' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/success/41'))
    expect(polls).toBeGreaterThanOrEqual(2)
  })
})
