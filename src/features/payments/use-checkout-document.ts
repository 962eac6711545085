import { useEffect } from 'react'
import { isCheckoutPage } from '@/contract/checkout-pages'
import { useOnline } from '@/components/use-online'
import { usePaymentsConfig } from './api/get-payments-config'

/** The path this document was loaded from: the server chose its Content-Security-Policy for that path. */
export function documentPath(): string {
  const [entry] = performance.getEntriesByType('navigation')
  return entry ? new URL(entry.name).pathname : window.location.pathname
}

/**
 * A checkout screen reached inside the app keeps the policy of the page the app was loaded on, which
 * does not let Stripe.js load. With Stripe configured, such a screen loads itself again from the server
 * as soon as it opens (before anything is typed), so it has the checkout policy.
 */
export function useCheckoutDocument(): void {
  const online = useOnline()
  const stripe = Boolean(usePaymentsConfig().data?.stripe_publishable_key)
  useEffect(() => {
    const here = window.location.pathname
    if (!stripe || !online || !isCheckoutPage(here) || isCheckoutPage(documentPath())) return
    window.location.replace(window.location.href)
  }, [stripe, online])
}
