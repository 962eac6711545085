import { isIP } from 'node:net'
import { z } from 'zod'
import { parsedWith } from './values'

/** The instance itself: where it listens, its data folder, its logs and the proxies in front of it. */
export const instanceEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: z.string().default('0').transform(parsedWith(parseTrustProxy)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().default('app://cypher'),
})

/**
 * Which proxies may set X-Forwarded-For: a hop count ("1": the one proxy in front of us) or a list of
 * proxy addresses and CIDR ranges. Trusting every hop would let any client name its own address.
 */
export type TrustProxy = false | number | string[]

export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim()
  if (value === '' || value === '0' || value === 'false' || value === 'no') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) throw new Error('a hop count must be between 0 and 10')
    return hops
  }
  if (value === 'true' || value === 'yes')
    throw new Error(
      'give a hop count (e.g. 1) or proxy addresses; trusting every hop lets clients pick their address',
    )
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const maxPrefix = family === 4 ? 32 : 128
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix)
    if (!family || !prefixOk || extra !== undefined)
      throw new Error(`"${entry}" is not an IP address or CIDR range`)
  }
  return entries
}

/** Loopback listen addresses: only there may the demo accounts (with published passwords) exist. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'))
}
