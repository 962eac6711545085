import { site } from '../src/contract/site'

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

/** The company's own domain (its e-mail addresses' domain): the site and its sub-domains. */
export const COMPANY_DOMAIN = site.supportEmail.split('@')[1] ?? ''

/**
 * The company's own links on other sites, matched exactly (origin and path): its social profiles and
 * its WhatsApp chat. Whole hosts of general sites are never allowed: many forward to any address
 * (a search engine's /url?q=, a social network's link redirector).
 */
function isCompanyLink(url: URL): boolean {
  const profiles: string[] = Object.values(site.social)
  if (profiles.includes(`${url.origin}${url.pathname}`) && url.search === '') return true
  if (url.hostname === 'wa.me' && url.pathname === `/${site.whatsappNumber}`) return true
  return url.hostname === COMPANY_DOMAIN || url.hostname.endsWith(`.${COMPANY_DOMAIN}`)
}

/** mailto: and tel: go to the system's mail and phone handlers. */
export function isSystemHandlerUrl(raw: string): boolean {
  return /^(mailto|tel):[^\s]+$/i.test(raw)
}

/**
 * Whether a URL may leave the app for the system browser: https only (plus our own API origin, which
 * serves the sandbox checkout and may be http on a developer machine), payment gateways by exact host,
 * the company's own links, no credentials; mailto: and tel: for the system handlers.
 */
export function isAllowedExternalUrl(raw: string, apiOrigin: string): boolean {
  if (isSystemHandlerUrl(raw)) return true
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
  const gateways: readonly string[] = GATEWAY_HOSTS
  return gateways.includes(url.hostname) || isCompanyLink(url)
}
