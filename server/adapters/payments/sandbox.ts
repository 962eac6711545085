import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { paymentPaths, type PaymentGatewayName } from '@/contract/payments'
import {
  InvalidNotificationError,
  RefundRefusedError,
  type CardDetails,
  type CardGateway,
  type CheckoutRequest,
  type CheckoutSession,
  type NotificationInput,
  type PaymentNotification,
} from './types'
import type { Executor } from '../../db/client'
import { sandboxPayments } from '../../db/schema'
import { sandboxCheckoutPage, sandboxConfirmPage, type SandboxPageModel } from './sandbox-page'
export { SANDBOX_LOSE_NOTIFICATION } from './sandbox-page'

/**
 * The payments sandbox (ARCHITECTURE §5): a test mode of every gateway. A checkout answers a hosted page
 * under `/sandbox/payments/` where test cards decide the outcome; the page then posts a signed
 * notification to the gateway's own webhook route, exactly where the real gateway would post, and sends
 * the browser to the order's result page. Nothing is remembered in memory: a checkout is a signed token
 * in the page's URL, so any instance can serve it and a restart loses nothing.
 */

/** The test cards (Stripe's own test numbers). */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Asks for an extra confirmation step (3-D Secure) before it succeeds or fails. */
  authenticate: '4000002760003184',
} as const
export const SANDBOX_DECLINE_REASON = 'Your card was declined.'
export const SANDBOX_AUTH_FAILED_REASON = 'The card holder did not complete authentication.'
/** A card that needs authentication, charged while the client is away (Stripe's `authentication_required`). */
export const SANDBOX_AUTH_REQUIRED_REASON =
  'Your card requires authentication, which cannot be done while you are away.'
/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme, our secret). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature'
/** Notifications older than this are refused (replays). */
export const SANDBOX_TOLERANCE_SECONDS = 300
export const SANDBOX_PATH = '/sandbox/payments'
const TOKEN_TTL_SECONDS = 24 * 60 * 60

export type SandboxDeliver = (request: {
  url: string
  headers: Record<string, string>
  payload: string
}) => Promise<{ statusCode: number }>

/** A checkout as carried in its page's URL. */
interface Session {
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

interface SandboxEvent {
  id: string
  type: 'payment.succeeded' | 'payment.failed' | 'card.saved'
  created: number
  data: {
    order_id: number | null
    gateway_ref: string | null
    amount_minor: number | null
    currency: string | null
    reason: string | null
    customer_ref: string | null
    make_default: boolean
    card: CardDetails | null
  }
}

export type SandboxPageResult =
  { kind: 'page'; status: number; html: string } | { kind: 'redirect'; location: string }

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url')
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const refPrefix: Record<PaymentGatewayName, string> = {
  stripe: 'pi_sandbox_',
  paymob: 'pmb_sandbox_',
  fawry: 'fwr_sandbox_',
}

function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '')
}

/** A card's brand the way the spec guesses it: 4… is Visa, otherwise Mastercard. */
function brandOf(number: string): string {
  return number.startsWith('4') ? 'visa' : 'mastercard'
}

/** The answer to a checkout or confirmation link that is forged or out of date. */
function expiredLinkPage(): SandboxPageResult {
  return {
    kind: 'page',
    status: 404,
    html: sandboxCheckoutPage(null, {}, 'This checkout link is invalid or has expired.'),
  }
}

export class SandboxGateway {
  constructor(
    private readonly options: {
      publicUrl: string
      secret: string
      deliver: SandboxDeliver
      /** The pages answer only when on (config.payments.sandboxPages). */
      pagesEnabled: boolean
      /** Where the sandbox keeps what it took (its status query reads it back). */
      db: Executor
    },
  ) {}

  get pagesEnabled(): boolean {
    return this.options.pagesEnabled
  }

  /** The sandbox standing in for one gateway. */
  gateway(name: PaymentGatewayName): CardGateway {
    return {
      name,
      sandbox: true,
      currency: name === 'stripe' ? 'USD' : 'EGP',
      createCheckout: (request) => this.createCheckout(name, request),
      parseNotification: async (input) => this.parseNotification(input),
      checkStatus: (gatewayRef) => this.checkStatus(name, gatewayRef),
      createCustomer: async () => `cus_sandbox_${randomBytes(9).toString('hex')}`,
      startCardSetup: async (request) => {
        const setupRef = `seti_sandbox_${randomBytes(9).toString('hex')}`
        const token = this.sign({
          g: name,
          k: 'setup',
          o: 0,
          r: setupRef,
          a: 0,
          c: 'USD',
          d: 'Add a card',
          s: request.returnUrls.success,
          f: request.returnUrls.failure,
          sv: true,
          cu: request.customerRef,
          md: request.makeDefault,
          x: this.now() + TOKEN_TTL_SECONDS,
        })
        return { setupRef, clientSecret: null, url: this.pageUrl(token) }
      },
      detachCard: async () => {},
      // No money moved, so the sandbox refunds itself: any payment it took can be given back.
      refund: async (request) => {
        if (!request.gatewayRef.startsWith(refPrefix[name]))
          throw new RefundRefusedError(`The ${name} sandbox did not take this payment.`)
        return { refundRef: `re_sandbox_${randomBytes(9).toString('hex')}` }
      },
    }
  }

  private now(): number {
    return Math.floor(Date.now() / 1000)
  }

  private pageUrl(token: string): string {
    return `${this.options.publicUrl}${SANDBOX_PATH}/checkout?s=${token}`
  }

  private mac(text: string): string {
    return createHmac('sha256', this.options.secret).update(text).digest('base64url')
  }

  private sign(session: Session): string {
    const body = base64url(JSON.stringify(session))
    return `${body}.${this.mac(`session.${body}`)}`
  }

  /** The session of a page token, or null when it is forged, damaged or expired. */
  private open(token: string): Session | null {
    const [body, mac, extra] = token.split('.')
    if (!body || !mac || extra !== undefined || !sameText(mac, this.mac(`session.${body}`))) return null
    try {
      const session = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Session
      return session.x >= this.now() ? session : null
    } catch {
      return null
    }
  }

  private async createCheckout(name: PaymentGatewayName, request: CheckoutRequest): Promise<CheckoutSession> {
    const gatewayRef = `${refPrefix[name]}${randomBytes(9).toString('hex')}`
    const session: Session = {
      g: name,
      k: 'pay',
      o: request.order.id,
      r: gatewayRef,
      a: request.amountMinor,
      c: request.currency,
      d: request.order.description,
      s: request.returnUrls.success,
      f: request.returnUrls.failure,
      sv: request.saveCard,
      cu: request.customer.customerRef,
      md: false,
      x: this.now() + TOKEN_TTL_SECONDS,
    }
    const token = this.sign(session)
    // Fawry's reference numbers have 12 digits; two 6-digit halves stay below randomInt's 2^48 bound.
    const referenceNumber = name === 'fawry' ? fawryReferenceNumber() : null
    if (request.savedMethodRef) {
      // A saved card is charged at once (off-session); a card that needs authentication cannot be.
      if (request.savedMethodRef.includes('_auth_') && request.offSession) {
        // Stripe declines such a card off-session (`authentication_required`) and says so by webhook.
        await this.notify(session, 'payment.failed', null, SANDBOX_AUTH_REQUIRED_REASON)
        return {
          gatewayRef,
          url: null,
          clientSecret: null,
          referenceNumber,
          immediate: { status: 'failed', reason: SANDBOX_AUTH_REQUIRED_REASON },
        }
      }
      if (request.savedMethodRef.includes('_auth_')) {
        return {
          gatewayRef,
          url: `${this.options.publicUrl}${SANDBOX_PATH}/confirm?s=${token}`,
          clientSecret: `${gatewayRef}_secret_${randomBytes(6).toString('hex')}`,
          referenceNumber,
          immediate: { status: 'requires_action', reason: null },
        }
      }
      await this.notify(session, 'payment.succeeded', null, null)
      return {
        gatewayRef,
        url: null,
        clientSecret: `${gatewayRef}_secret_${randomBytes(6).toString('hex')}`,
        referenceNumber,
        immediate: { status: 'succeeded', reason: null },
      }
    }
    return {
      gatewayRef,
      url: this.pageUrl(token),
      clientSecret: name === 'stripe' ? `${gatewayRef}_secret_${randomBytes(6).toString('hex')}` : null,
      referenceNumber,
      immediate: null,
    }
  }

  /** Signs and posts one event to the gateway's webhook route, as the provider would. */
  private async notify(
    session: Session,
    type: SandboxEvent['type'],
    card: CardDetails | null,
    reason: string | null,
    deliver = true,
  ): Promise<void> {
    const payment = session.k === 'pay' && type !== 'card.saved'
    const outcome = type === 'payment.succeeded' ? 'paid' : 'failed'
    const event: SandboxEvent = {
      // A payment's event is named by its checkout and outcome, as the status query answers it.
      id: payment ? `${session.r}:${outcome}` : `evt_sandbox_${randomBytes(12).toString('hex')}`,
      type,
      created: this.now(),
      data: {
        order_id: session.k === 'pay' ? session.o : null,
        gateway_ref: session.r,
        amount_minor: session.k === 'pay' ? session.a : null,
        currency: session.k === 'pay' ? session.c : null,
        reason,
        customer_ref: session.cu,
        make_default: session.md,
        card,
      },
    }
    if (payment) await this.remember(session, outcome, card, reason)
    if (!deliver) return
    const payload = JSON.stringify(event)
    const answer = await this.options.deliver({
      url: paymentPaths.webhook(session.g),
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: this.signatureOf(payload) },
      payload,
    })
    if (answer.statusCode >= 300) throw new Error(`The ${session.g} webhook answered ${answer.statusCode}.`)
  }

  /** What the sandbox took or refused for a checkout: a payment, once, is never undone by a later decline. */
  private async remember(
    session: Session,
    outcome: 'paid' | 'failed',
    card: CardDetails | null,
    reason: string | null,
  ): Promise<void> {
    const values = {
      gatewayRef: session.r,
      gateway: session.g,
      outcome,
      amountMinor: session.a,
      currency: session.c,
      reason,
      card: card && session.cu ? { ...card, customerRef: session.cu } : null,
      occurredAt: new Date(),
    }
    await this.options.db
      .insert(sandboxPayments)
      .values(values)
      .onConflictDoUpdate({
        target: sandboxPayments.gatewayRef,
        set: values,
        setWhere: sql`${sandboxPayments.outcome} <> 'paid'`,
      })
  }

  /** The sandbox's status query: what it recorded for the checkout, as its notification said it. */
  private async checkStatus(name: PaymentGatewayName, gatewayRef: string): Promise<PaymentNotification> {
    const [row] = await this.options.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.gatewayRef, gatewayRef))
    const card = row?.card as (CardDetails & { customerRef: string }) | null | undefined
    return {
      type: 'payment',
      eventId: `${gatewayRef}:${row?.outcome ?? 'pending'}`,
      orderId: null,
      gatewayRef,
      outcome: row?.gateway === name ? row.outcome : 'pending',
      amountMinor: row?.amountMinor ?? null,
      currency: row?.currency ?? null,
      occurredAt: row?.occurredAt ?? new Date(),
      reason: row?.reason ?? null,
      savedCard: card ?? null,
    }
  }

  /** `t=…,v1=…` for a body: what a test needs to send a genuine sandbox notification. */
  signatureOf(payload: string, timestamp = this.now()): string {
    const v1 = createHmac('sha256', this.options.secret).update(`${timestamp}.${payload}`).digest('hex')
    return `t=${timestamp},v1=${v1}`
  }

  parseNotification(input: NotificationInput): PaymentNotification {
    const header = input.headers[SANDBOX_SIGNATURE_HEADER]
    const signature = Array.isArray(header) ? header[0] : header
    if (!signature) throw new InvalidNotificationError('Missing signature.')
    const parts = Object.fromEntries(
      signature.split(',').map((part) => part.split('=', 2) as [string, string]),
    )
    const timestamp = Number(parts.t)
    if (!Number.isInteger(timestamp) || !parts.v1) throw new InvalidNotificationError('Malformed signature.')
    if (Math.abs(this.now() - timestamp) > SANDBOX_TOLERANCE_SECONDS)
      throw new InvalidNotificationError('Signature timestamp outside the tolerance.')
    const expected = createHmac('sha256', this.options.secret)
      .update(Buffer.concat([Buffer.from(`${timestamp}.`), input.rawBody]))
      .digest('hex')
    if (!sameText(parts.v1, expected)) throw new InvalidNotificationError('Signature mismatch.')
    let event: SandboxEvent
    try {
      event = JSON.parse(input.rawBody.toString('utf8')) as SandboxEvent
    } catch {
      throw new InvalidNotificationError('Body is not JSON.')
    }
    if (typeof event?.id !== 'string' || typeof event.created !== 'number' || !event.data)
      throw new InvalidNotificationError('Not a sandbox event.')
    const occurredAt = new Date(event.created * 1000)
    const data = event.data
    if (event.type === 'card.saved') {
      if (!data.card || !data.customer_ref) throw new InvalidNotificationError('Card event without a card.')
      return {
        type: 'card_saved',
        eventId: event.id,
        customerRef: data.customer_ref,
        card: data.card,
        makeDefault: data.make_default,
        occurredAt,
      }
    }
    if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed')
      return { type: 'ignored', eventId: event.id, occurredAt }
    return {
      type: 'payment',
      eventId: event.id,
      orderId: data.order_id,
      gatewayRef: data.gateway_ref,
      outcome: event.type === 'payment.succeeded' ? 'paid' : 'failed',
      amountMinor: data.amount_minor,
      currency: data.currency,
      occurredAt,
      reason: data.reason,
      savedCard: data.card && data.customer_ref ? { ...data.card, customerRef: data.customer_ref } : null,
    }
  }

  private model(session: Session, token: string): SandboxPageModel {
    return {
      gateway: session.g,
      kind: session.k,
      description: session.d,
      amountMinor: session.a,
      currency: session.c,
      action: `${SANDBOX_PATH}/checkout?s=${token}`,
      cancelUrl: session.f,
      cards: SANDBOX_CARDS,
    }
  }

  /** GET of a checkout page. */
  checkoutPage(token: string): SandboxPageResult {
    const session = this.open(token)
    if (!session) return expiredLinkPage()
    return { kind: 'page', status: 200, html: sandboxCheckoutPage(this.model(session, token), {}, null) }
  }

  /** POST of the card form: the test card decides what happens. */
  async submitCheckout(token: string, form: Record<string, string>): Promise<SandboxPageResult> {
    const session = this.open(token)
    if (!session) return expiredLinkPage()
    const model = this.model(session, token)
    const number = digitsOnly(form.card_number ?? '')
    const month = Number(form.exp_month)
    const year = Number(form.exp_year)
    const thisYear = new Date().getUTCFullYear()
    const problem =
      !number || !form.exp_month || !form.exp_year || !form.cvc
        ? 'Please fill in all card details.'
        : number.length > 19 || !/^\d+$/.test(number)
          ? 'Enter a card number of up to 19 digits.'
          : !Number.isInteger(month) || month < 1 || month > 12
            ? 'Expiry month must be from 1 to 12.'
            : !Number.isInteger(year) || year < thisYear || year > thisYear + 9
              ? `Expiry year must be from ${thisYear} to ${thisYear + 9}.`
              : !/^\d{3,4}$/.test(form.cvc)
                ? 'CVC must be 3 or 4 digits.'
                : !Object.values(SANDBOX_CARDS).includes(number as never)
                  ? 'This is the sandbox: use one of the test cards listed below.'
                  : null
    if (problem) return { kind: 'page', status: 422, html: sandboxCheckoutPage(model, form, problem) }
    const card: CardDetails = {
      methodRef: `pm_sandbox_${number === SANDBOX_CARDS.authenticate ? 'auth_' : ''}${randomBytes(9).toString('hex')}`,
      brand: brandOf(number),
      lastFour: number.slice(-4),
      expMonth: month,
      expYear: year,
      // Like Stripe's: the same number gives the same fingerprint, and the number cannot be read from it.
      fingerprint: this.mac(`fingerprint.${number}`).slice(0, 16),
    }
    if (number === SANDBOX_CARDS.declined) {
      if (session.k === 'pay') await this.notify(session, 'payment.failed', null, SANDBOX_DECLINE_REASON)
      return { kind: 'redirect', location: session.f }
    }
    if (number === SANDBOX_CARDS.authenticate) {
      const confirm = this.sign({ ...session, x: this.now() + TOKEN_TTL_SECONDS })
      const cardToken = this.mac(`card.${confirm}.${JSON.stringify(card)}`)
      return {
        kind: 'page',
        status: 200,
        html: sandboxConfirmPage(model, `${SANDBOX_PATH}/confirm?s=${confirm}`, {
          card: base64url(JSON.stringify(card)),
          card_mac: cardToken,
        }),
      }
    }
    return this.complete(session, card, form.notify !== 'lose')
  }

  /** GET of the confirmation step when a saved card needs authentication. */
  confirmPage(token: string): SandboxPageResult {
    const session = this.open(token)
    if (!session) return expiredLinkPage()
    return {
      kind: 'page',
      status: 200,
      html: sandboxConfirmPage(this.model(session, token), `${SANDBOX_PATH}/confirm?s=${token}`, {}),
    }
  }

  /** POST of the confirmation step: 'complete' pays (or saves the card), anything else fails it. */
  async submitConfirm(token: string, form: Record<string, string>): Promise<SandboxPageResult> {
    const session = this.open(token)
    if (!session) return expiredLinkPage()
    let card: CardDetails | null = null
    if (form.card && form.card_mac) {
      const raw = Buffer.from(form.card, 'base64url').toString('utf8')
      if (!sameText(form.card_mac, this.mac(`card.${token}.${raw}`)))
        return {
          kind: 'page',
          status: 400,
          html: sandboxCheckoutPage(null, {}, 'This confirmation was tampered with.'),
        }
      card = JSON.parse(raw) as CardDetails
    }
    if (form.action !== 'complete') {
      if (session.k === 'pay') await this.notify(session, 'payment.failed', null, SANDBOX_AUTH_FAILED_REASON)
      return { kind: 'redirect', location: session.f }
    }
    return this.complete(session, card)
  }

  private async complete(
    session: Session,
    card: CardDetails | null,
    deliver = true,
  ): Promise<SandboxPageResult> {
    if (session.k === 'setup') {
      if (card) await this.notify(session, 'card.saved', card, null)
    } else {
      await this.notify(session, 'payment.succeeded', session.sv && session.cu ? card : null, null, deliver)
    }
    return { kind: 'redirect', location: session.s }
  }
}

export function fawryReferenceNumber(): string {
  const half = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
  return `${half()}${half()}`
}
