import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PaymentGatewayName } from '@/contract/payments'
import { InvalidNotificationError } from './types'

/*
 * The sandbox's signatures, all under one secret: the checkout tokens its page URLs carry (a checkout is
 * remembered nowhere else), and the `t=…,v1=…` header of the notifications it posts to our webhooks.
 */

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme, our secret). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature'
/** Notifications older than this are refused (replays). */
export const SANDBOX_TOLERANCE_SECONDS = 300
/** How long a checkout link stays good. */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60

/** Now, in unix seconds (the tokens' and the signatures' clock). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

/** A checkout as carried in its page's URL. */
export interface Session {
  /** gateway */
  g: PaymentGatewayName
  /** 'pay' an order or 'setup' a card */
  k: 'pay' | 'setup'
  /** order id (0 for a card setup) */
  o: number
  /** gateway reference */
  r: string
  /** amount in minor units of `c` */
  a: number
  c: 'USD' | 'EGP'
  d: string
  /** success and failure return URLs */
  s: string
  f: string
  /** save the card; customer ref; make it the default */
  sv: boolean
  cu: string | null
  md: boolean
  /** expiry (unix seconds) */
  x: number
}

export function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url')
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export class SandboxSigner {
  constructor(private readonly secret: string) {}

  /** A keyed hash of `text` (tokens, card fingerprints, the confirmation step's card). */
  mac(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url')
  }

  /** The page token of a checkout. */
  sign(session: Session): string {
    const body = base64url(JSON.stringify(session))
    return `${body}.${this.mac(`session.${body}`)}`
  }

  /** The session of a page token, or null when it is forged, damaged or expired. */
  open(token: string): Session | null {
    const [body, mac, extra] = token.split('.')
    if (!body || !mac || extra !== undefined || !sameText(mac, this.mac(`session.${body}`))) return null
    try {
      const session = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Session
      return session.x >= nowSeconds() ? session : null
    } catch {
      return null
    }
  }

  /** `t=…,v1=…` for a notification body. */
  signatureOf(payload: string, timestamp = nowSeconds()): string {
    const v1 = createHmac('sha256', this.secret).update(`${timestamp}.${payload}`).digest('hex')
    return `t=${timestamp},v1=${v1}`
  }

  /** Throws `InvalidNotificationError` unless the header signs these bytes, recently enough. */
  verify(header: string | string[] | undefined, rawBody: Buffer): void {
    const signature = Array.isArray(header) ? header[0] : header
    if (!signature) throw new InvalidNotificationError('Missing signature.')
    const parts = Object.fromEntries(
      signature.split(',').map((part) => part.split('=', 2) as [string, string]),
    )
    const timestamp = Number(parts.t)
    if (!Number.isInteger(timestamp) || !parts.v1) throw new InvalidNotificationError('Malformed signature.')
    if (Math.abs(nowSeconds() - timestamp) > SANDBOX_TOLERANCE_SECONDS)
      throw new InvalidNotificationError('Signature timestamp outside the tolerance.')
    const expected = createHmac('sha256', this.secret)
      .update(Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]))
      .digest('hex')
    if (!sameText(parts.v1, expected)) throw new InvalidNotificationError('Signature mismatch.')
  }
}
