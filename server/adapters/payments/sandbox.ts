import { randomBytes, randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { paymentPaths, type PaymentGatewayName } from '@/contract/payments'
import {
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
import {
  SANDBOX_AUTH_FAILED_REASON,
  SANDBOX_AUTH_REQUIRED_REASON,
  SANDBOX_CARDS,
  SANDBOX_DECLINE_REASON,
  brandOf,
  cardFormProblem,
  digitsOnly,
} from './sandbox-cards'
import { notificationOfBody, paymentOutcome, sandboxEvent, type SandboxEvent } from './sandbox-events'
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxSigner,
  TOKEN_TTL_SECONDS,
  base64url,
  nowSeconds,
  sameText,
  type Session,
} from './sandbox-signing'
export { SANDBOX_LOSE_NOTIFICATION } from './sandbox-page'
export {
  SANDBOX_AUTH_FAILED_REASON,
  SANDBOX_AUTH_REQUIRED_REASON,
  SANDBOX_CARDS,
  SANDBOX_DECLINE_REASON,
} from './sandbox-cards'
export { SANDBOX_SIGNATURE_HEADER, SANDBOX_TOLERANCE_SECONDS } from './sandbox-signing'

/*
 * The payments sandbox (ARCHITECTURE §5): a test mode of every gateway. A checkout answers a hosted page
 * under `/sandbox/payments/` where test cards decide the outcome; the page then posts a signed
 * notification to the gateway's own webhook route, exactly where the real gateway would post, and sends
 * the browser to the order's result page. Nothing is remembered in memory: a checkout is a signed token
 * in the page's URL, so any instance can serve it and a restart loses nothing.
 *
 * Its pieces: the test cards and their form (sandbox-cards.ts), the tokens and notification signatures
 * (sandbox-signing.ts), the notifications it posts and reads back (sandbox-events.ts), its pages
 * (sandbox-page.ts).
 */

export const SANDBOX_PATH = '/sandbox/payments'

export type SandboxDeliver = (request: {
  url: string
  headers: Record<string, string>
  payload: string
}) => Promise<{ statusCode: number }>

export type SandboxPageResult =
  { kind: 'page'; status: number; html: string } | { kind: 'redirect'; location: string }

const refPrefix: Record<PaymentGatewayName, string> = {
  stripe: 'pi_sandbox_',
  paymob: 'pmb_sandbox_',
  fawry: 'fwr_sandbox_',
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
  private readonly signer: SandboxSigner

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
  ) {
    this.signer = new SandboxSigner(options.secret)
  }

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
        const token = this.signer.sign({
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
          x: nowSeconds() + TOKEN_TTL_SECONDS,
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

  private pageUrl(token: string): string {
    return `${this.options.publicUrl}${SANDBOX_PATH}/checkout?s=${token}`
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
      x: nowSeconds() + TOKEN_TTL_SECONDS,
    }
    const token = this.signer.sign(session)
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
    const event = sandboxEvent(session, type, card, reason)
    const outcome = paymentOutcome(session, type)
    if (outcome) await this.remember(session, outcome, card, reason)
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
  signatureOf(payload: string, timestamp = nowSeconds()): string {
    return this.signer.signatureOf(payload, timestamp)
  }

  parseNotification(input: NotificationInput): PaymentNotification {
    this.signer.verify(input.headers[SANDBOX_SIGNATURE_HEADER], input.rawBody)
    return notificationOfBody(input.rawBody)
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
    const session = this.signer.open(token)
    if (!session) return expiredLinkPage()
    return { kind: 'page', status: 200, html: sandboxCheckoutPage(this.model(session, token), {}, null) }
  }

  /** POST of the card form: the test card decides what happens. */
  async submitCheckout(token: string, form: Record<string, string>): Promise<SandboxPageResult> {
    const session = this.signer.open(token)
    if (!session) return expiredLinkPage()
    const model = this.model(session, token)
    const number = digitsOnly(form.card_number ?? '')
    const month = Number(form.exp_month)
    const year = Number(form.exp_year)
    const problem = cardFormProblem(form, number, new Date().getUTCFullYear())
    if (problem) return { kind: 'page', status: 422, html: sandboxCheckoutPage(model, form, problem) }
    const card: CardDetails = {
      methodRef: `pm_sandbox_${number === SANDBOX_CARDS.authenticate ? 'auth_' : ''}${randomBytes(9).toString('hex')}`,
      brand: brandOf(number),
      lastFour: number.slice(-4),
      expMonth: month,
      expYear: year,
      // Like Stripe's: the same number gives the same fingerprint, and the number cannot be read from it.
      fingerprint: this.signer.mac(`fingerprint.${number}`).slice(0, 16),
    }
    if (number === SANDBOX_CARDS.declined) {
      if (session.k === 'pay') await this.notify(session, 'payment.failed', null, SANDBOX_DECLINE_REASON)
      return { kind: 'redirect', location: session.f }
    }
    if (number === SANDBOX_CARDS.authenticate) {
      const confirm = this.signer.sign({ ...session, x: nowSeconds() + TOKEN_TTL_SECONDS })
      const cardToken = this.signer.mac(`card.${confirm}.${JSON.stringify(card)}`)
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
    const session = this.signer.open(token)
    if (!session) return expiredLinkPage()
    return {
      kind: 'page',
      status: 200,
      html: sandboxConfirmPage(this.model(session, token), `${SANDBOX_PATH}/confirm?s=${token}`, {}),
    }
  }

  /** POST of the confirmation step: 'complete' pays (or saves the card), anything else fails it. */
  async submitConfirm(token: string, form: Record<string, string>): Promise<SandboxPageResult> {
    const session = this.signer.open(token)
    if (!session) return expiredLinkPage()
    let card: CardDetails | null = null
    if (form.card && form.card_mac) {
      const raw = Buffer.from(form.card, 'base64url').toString('utf8')
      if (!sameText(form.card_mac, this.signer.mac(`card.${token}.${raw}`)))
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
