import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCheckoutDocument } from '../../../../src/features/payments/use-checkout-document'
import { json, stubFetch } from '../../helpers/http'
import { sandboxConfig } from '../../helpers/payment-fixtures'

const fetchMock = stubFetch()
const original = window.location

/** The app was loaded on `loadedOn` and is now showing `showing`; answers the reload spy. */
function page(loadedOn: string, showing: string, stripeKey: string | null) {
  fetchMock.mockImplementation(async () => json(200, { ...sandboxConfig, stripe_publishable_key: stripeKey }))
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: `http://localhost${loadedOn}` } as PerformanceEntry,
  ])
  const replace = vi.fn()
  const href = `http://localhost${showing}`
  Object.defineProperty(window, 'location', {
    value: { ...original, href, pathname: new URL(href).pathname, replace },
    writable: true,
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  renderHook(() => useCheckoutDocument(), { wrapper })
  return { replace, href, configLoaded: () => waitFor(() => expect(fetchMock).toHaveBeenCalled()) }
}

describe('a checkout screen and the page policy it was loaded with', () => {
  afterEach(() => {
    Object.defineProperty(window, 'location', { value: original, writable: true })
    vi.restoreAllMocks()
  })

  it('loads itself from the server when reached inside the app while Stripe is configured', async () => {
    const { replace, href } = page('/dashboard', '/wallet?tab=cards', 'pk_test_123')
    await waitFor(() => expect(replace).toHaveBeenCalledWith(href))
  })

  it('stays as it is when the document was loaded on a checkout screen', async () => {
    const { replace, configLoaded } = page('/wallet', '/domain-register', 'pk_test_123')
    await configLoaded()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(replace).not.toHaveBeenCalled()
  })

  it('stays as it is with the sandbox (no Stripe.js to load)', async () => {
    const { replace, configLoaded } = page('/dashboard', '/wallet', null)
    await configLoaded()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(replace).not.toHaveBeenCalled()
  })
})
