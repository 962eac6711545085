/**
 * The portal screens that hold a checkout (wallet top-up and saved cards, domain registration and
 * renewal, the create-app wizard's payment step, a pending app's 'Complete payment', the billing history's 'Complete payment'). Only these documents are served with a
 * Content-Security-Policy that lets Stripe.js load (ARCHITECTURE §5, PROVIDERS), and the renderer enters
 * them with a full page load while Stripe is configured, so the page has that policy. Kept apart from
 * payments.ts so the router's startup code can read it cheaply.
 */
/** The checkout screens' paths as a regular expression source (the service worker's routes use it too). */
export const CHECKOUT_PAGE_PATH =
  '/(?:wallet|domain-register|create-app|domain/[^/?#]+/renew|manage-msg/[^/?#]+/payment|billing/[^/?#]+/pay)/?'

const CHECKOUT_PAGE = new RegExp(`^${CHECKOUT_PAGE_PATH}$`)

export function isCheckoutPage(pathname: string): boolean {
  return CHECKOUT_PAGE.test(pathname)
}

/** Stripe's hosts as Stripe documents them for Stripe.js and Elements. */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const
