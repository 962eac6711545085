import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'

/** 127.0.0.0/8, ::1, their IPv4-mapped form, and 'localhost'. 0.0.0.0 (every interface) is not loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const host = address.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host === '::1') return true
  const v4 = host.startsWith('::ffff:') ? host.slice(7) : host
  return isIP(v4) === 4 && v4.startsWith('127.')
}

/**
 * A request made on this machine to a server that listens only on a loopback address, not relayed by
 * a proxy: the only requests that may read sandbox-only pages such as the outbox.
 */
export function isLocalRequest(listenHost: string, request: FastifyRequest): boolean {
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => request.headers[h] !== undefined)
  return isLoopbackAddress(listenHost) && isLoopbackAddress(request.socket.remoteAddress) && !relayed
}
