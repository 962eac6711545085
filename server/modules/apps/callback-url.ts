import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { isLoopbackAddress } from '../../lib/loopback'

/** The longest callback URL accepted. */
export const CALLBACK_URL_MAX = 2048

/**
 * Where callbacks may go. Production: https only, and the address the name resolves to must be a public
 * one, checked when each callback is sent (a name can be pointed elsewhere after it was saved).
 * Development and tests: http too, but only to a loopback address (a receiver on this machine).
 */
export interface CallbackPolicy {
  production: boolean
}

export const callbackUrlErrors = {
  invalid: 'Enter a full URL, e.g. https://example.com/hooks/messages.',
  https: 'The callback URL must use https.',
  httpLoopbackOnly: 'Use https, or http only for a receiver on this machine (localhost, 127.0.0.1).',
  credentials: 'The callback URL must not contain a user name or password.',
  notPublic: 'The callback URL must point to a public address.',
} as const

/** The URL as stored, or the reason it is refused (as the settings form shows it). */
export function checkCallbackUrl(text: string, policy: CallbackPolicy): { url: string } | { error: string } {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return { error: callbackUrlErrors.invalid }
  }
  if (text.trim().length > CALLBACK_URL_MAX) return { error: callbackUrlErrors.invalid }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: callbackUrlErrors.invalid }
  if (url.username || url.password) return { error: callbackUrlErrors.credentials }
  if (policy.production) {
    if (url.protocol !== 'https:') return { error: callbackUrlErrors.https }
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // A literal address can be judged now; a name is resolved and judged at each send.
    if (isIP(host) && !isPublicAddress(host)) return { error: callbackUrlErrors.notPublic }
    if (host === 'localhost' || host.endsWith('.localhost')) return { error: callbackUrlErrors.notPublic }
  } else if (url.protocol === 'http:' && !isLoopbackAddress(url.hostname)) {
    return { error: callbackUrlErrors.httpLoopbackOnly }
  }
  url.hash = ''
  return { url: url.toString() }
}

/** Unicast addresses on the internet: not private, loopback, link-local, CGNAT, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'unicast'
}

/**
 * The `lookup` the callback request connects with: in production every address the name resolves to
 * must be public, and the request connects to the address that was checked (no second resolution that
 * a rebinding name could answer differently).
 */
export function guardedLookup(policy: CallbackPolicy) {
  return (
    hostname: string,
    options: { family?: number | 'IPv4' | 'IPv6' | undefined; all?: boolean | undefined },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((addresses) => {
        if (addresses.length === 0) throw new Error(`${hostname} has no address`)
        const refused = policy.production ? addresses.find((a) => !isPublicAddress(a.address)) : undefined
        if (refused)
          throw new Error(`${hostname} resolves to ${refused.address}, which is not a public address`)
        if (options.all) callback(null, addresses)
        else
          callback(
            null,
            (addresses[0] as { address: string }).address,
            (addresses[0] as { family: number }).family,
          )
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []))
  }
}
