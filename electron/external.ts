/**
 * Hosts the desktop app may open in the system browser. Payment pages are the reason this exists
 * (ARCHITECTURE §6); the company's own public links (WhatsApp chat, maps, social profiles) are the
 * only other https destinations the renderer links to.
 */
export const GATEWAY_HOSTS = [
  'checkout.stripe.com',
  'js.stripe.com',
  'hooks.stripe.com',
  'accept.paymob.com',
  'accept.paymobsolutions.com',
  'atfawry.com',
  'www.atfawry.com',
  'atfawry.fawrystaging.com',
] as const

export const PUBLIC_LINK_HOSTS = [
  'wa.me',
  'www.google.com',
  'maps.google.com',
  'www.linkedin.com',
  'www.facebook.com',
  'x.com',
  'www.instagram.com',
  'github.com',
] as const

/**
 * Whether a URL may leave the app for the system browser: https only (plus our own API origin, which
 * serves the sandbox checkout and may be http on a developer machine), exact host match, no credentials.
 */
export function isAllowedExternalUrl(raw: string, apiOrigin: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.origin === new URL(apiOrigin).origin)
    return url.pathname.startsWith('/sandbox/') || url.pathname.startsWith('/payment/')
  if (url.protocol !== 'https:') return false
  const hosts: readonly string[] = [...GATEWAY_HOSTS, ...PUBLIC_LINK_HOSTS]
  return hosts.includes(url.hostname)
}
