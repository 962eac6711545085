import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A device the owner signed in from, or proved the mailbox on, as its signed cookie says. */
export interface TrustedDevice {
  userId: number
  deviceId: string
}

const YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a successful
 * sign-in, or a successful e-mail code, the browser gets a signed, httpOnly cookie naming the account.
 * Sign-in guesses from such a device are counted per device, not per account, so nobody else's wrong
 * guesses can lock the owner out of a device they used before.
 */
export class TrustedDevices {
  private readonly key: Buffer
  readonly cookie: { name: string; path: string; secure: boolean }

  constructor(secret: string, https: boolean) {
    // A key of its own, derived from the signing secret: no new variable to manage or rotate.
    this.key = createHmac('sha256', secret).update('cypher-device-cookie-v1').digest()
    this.cookie = https
      ? { name: '__Host-device', path: '/', secure: true }
      : { name: 'device', path: '/api', secure: false }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url')
  }

  /** `<userId>.<deviceId>.<mac>`; null when absent, malformed or not signed by us. */
  read(request: FastifyRequest): TrustedDevice | null {
    const value = request.cookies[this.cookie.name]
    const match = value ? /^(\d{1,10})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null
    if (!match) return null
    const [, userId = '', deviceId = '', mac = ''] = match
    const expected = Buffer.from(this.mac(`${userId}.${deviceId}`))
    if (!timingSafeEqual(Buffer.from(mac), expected)) return null
    return { userId: Number(userId), deviceId }
  }

  /** Marks this browser as the user's device (keeping its id when it already was), for a year. */
  trust(request: FastifyRequest, reply: FastifyReply, userId: number): void {
    const known = this.read(request)
    const deviceId = known?.userId === userId ? known.deviceId : randomBytes(16).toString('base64url')
    const payload = `${userId}.${deviceId}`
    reply.setCookie(this.cookie.name, `${payload}.${this.mac(payload)}`, {
      path: this.cookie.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.cookie.secure,
      maxAge: YEAR_SECONDS,
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads and sets the signed device cookie of sign-in and e-mail code checks. */
    trustedDevices: TrustedDevices
  }
}
