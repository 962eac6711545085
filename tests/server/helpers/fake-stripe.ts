import { createHmac, randomBytes } from 'node:crypto'
import { FakeHttpProvider, type FakeAnswer, type FakeRequest } from './fake-http'

export const STRIPE = {
  secretKey: `sk_test_${'F'.repeat(24)}`,
  publishableKey: `pk_test_${'F'.repeat(24)}`,
  webhookSecret: `whsec_${'f'.repeat(32)}`,
}

/** How a test card behaves when a payment is confirmed with it (as Stripe's test cards do). */
export type CardBehaviour = 'succeed' | 'decline' | 'authenticate'

export interface FakeCard {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  behaviour?: CardBehaviour
}

export const VISA: FakeCard = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }
export const DECLINED: FakeCard = {
  brand: 'visa',
  last4: '0002',
  exp_month: 12,
  exp_year: 2030,
  behaviour: 'decline',
}
export const THREE_D_SECURE: FakeCard = {
  brand: 'visa',
  last4: '3184',
  exp_month: 12,
  exp_year: 2030,
  behaviour: 'authenticate',
}

type StripeObject = Record<string, unknown> & { id: string }

/** Stripe's message for a card that needs authentication, charged off-session. */
export const AUTHENTICATION_REQUIRED = 'Your card was declined. This transaction requires authentication.'
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/**
 * Stripe's form encoding (`metadata[order_id]=7`, `payment_method_types[0]=card`) read back into
 * objects and arrays, the way Stripe reads a request body.
 */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[')
    let node: Record<string, unknown> = root
    parts.forEach((part, index) => {
      const name = part === '' ? String(Object.keys(node).length) : part
      if (index === parts.length - 1) node[name] = value
      else node = (node[name] ??= {}) as Record<string, unknown>
    })
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length > 0 && entries.every(([k], i) => k === String(i)))
      return entries.map(([, v]) => arrays(v))
    return Object.fromEntries(entries.map(([k, v]) => [k, arrays(v)]))
  }
  return arrays(root) as Record<string, unknown>
}

/**
 * The `Stripe-Signature` header Stripe sends with a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's signing secret>`. Written from Stripe's documentation,
 * independently of the adapter's own check.
 */
export function stripeSignatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/**
 * A local stand-in for the parts of Stripe's API the adapter uses, checking each request as Stripe
 * documents it: `Authorization: Bearer <secret key>`, a `Stripe-Version`, form-encoded POST bodies, an
 * `Idempotency-Key` (at most 255 characters) on every POST that creates something, whose repetition
 * answers the first result and whose reuse with other parameters is an `idempotency_error`. Errors are
 * Stripe's `{error: {type, code, message, param}}`.
 */
export class FakeStripe extends FakeHttpProvider {
  readonly customers = new Map<string, StripeObject>()
  readonly paymentIntents = new Map<string, StripeObject>()
  readonly setupIntents = new Map<string, StripeObject>()
  readonly paymentMethods = new Map<string, StripeObject & { behaviour: CardBehaviour }>()
  readonly refunds = new Map<string, StripeObject>()
  private readonly idempotent = new Map<string, { fingerprint: string; answer: FakeAnswer }>()

  /** A Stripe event as webhooks deliver it, with its signed header. */
  event(type: string, object: object, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    })
    return {
      payload,
      signature: stripeSignatureHeader(payload, options.secret ?? STRIPE.webhookSecret, options.timestamp),
    }
  }

  /** What Stripe.js does when a client enters a card: a PaymentMethod (not yet attached). */
  createCard(card: FakeCard, customer: string | null = null) {
    const method = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      created: Math.floor(Date.now() / 1000),
      customer,
      card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      behaviour: card.behaviour ?? 'succeed',
    }
    this.paymentMethods.set(method.id, method)
    return method
  }

  /** Stripe.js confirming a SetupIntent with a new card: the card is attached to the intent's customer. */
  confirmSetupIntent(setupIntentId: string, card: FakeCard) {
    const intent = this.setupIntents.get(setupIntentId)
    if (!intent) throw new Error(`no SetupIntent ${setupIntentId}`)
    const method = this.createCard(card, intent.customer as string)
    Object.assign(intent, { status: 'succeeded', payment_method: method.id })
    return intent
  }

  /** Stripe.js confirming a PaymentIntent with a new card; a card saved for the future is attached. */
  confirmPaymentIntent(paymentIntentId: string, card: FakeCard) {
    const intent = this.paymentIntents.get(paymentIntentId)
    if (!intent) throw new Error(`no PaymentIntent ${paymentIntentId}`)
    const method = this.createCard(card, intent.setup_future_usage ? (intent.customer as string) : null)
    return this.settle(intent, method)
  }

  protected handle(request: FakeRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${STRIPE.secretKey}`) {
      return this.error(401, 'invalid_request_error', 'Invalid API Key provided.', {
        code: 'api_key_invalid',
      })
    }
    if (!request.headers['stripe-version']) {
      return this.error(400, 'invalid_request_error', 'Stripe-Version header is missing.')
    }
    let params: Record<string, unknown> = {}
    if (request.method === 'POST') {
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return this.error(400, 'invalid_request_error', 'Request bodies must be form-encoded.')
      }
      params = decodeStripeForm(request.body.toString('utf8'))
    } else {
      params = decodeStripeForm(request.query.toString())
    }
    if (
      request.method === 'POST' &&
      'payment_method_types' in params &&
      /^\/v1\/(payment_intents|setup_intents)/.test(request.path)
    ) {
      // Removed as a writable parameter in API version 2026-09-30.endive.
      return this.error(
        400,
        'invalid_request_error',
        'payment_method_types is no longer supported; use allowed_payment_method_types.',
        {
          code: 'payment_method_types_no_longer_supported',
          param: 'payment_method_types',
        },
      )
    }
    const creates =
      request.method === 'POST' &&
      /^\/v1\/(customers|payment_intents|setup_intents|refunds)$/.test(request.path)
    const key = request.headers['idempotency-key']
    if (creates) {
      if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
        return this.error(
          400,
          'invalid_request_error',
          'This fake requires an Idempotency-Key of 1 to 255 characters on every create.',
        )
      }
      const fingerprint = `${request.path}?${request.body.toString('utf8')}`
      const seen = this.idempotent.get(key)
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return this.error(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          )
        }
        return { ...seen.answer, headers: { 'Idempotent-Replayed': 'true' } }
      }
      const answer = this.route(request, params)
      if (answer.status < 500) this.idempotent.set(key, { fingerprint, answer })
      return answer
    }
    return this.route(request, params)
  }

  private route(request: FakeRequest, params: Record<string, unknown>): FakeAnswer {
    const { method, path } = request
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params)
    if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      return this.found(this.customers.get(match[1] ?? ''), 'customer')
    }
    if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path))) {
      return this.listMethods(match[1] ?? '', params)
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      if (typeof params.customer !== 'string') return this.missing('customer')
      return this.listMethods(params.customer, params)
    }
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      return this.found(this.paymentMethods.get(match[1] ?? ''), 'payment_method')
    }
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const pm = this.paymentMethods.get(match[1] ?? '')
      if (!pm) return this.noSuch('payment_method', match[1] ?? '')
      if (!pm.customer) {
        return this.error(
          400,
          'invalid_request_error',
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        )
      }
      pm.customer = null
      return this.ok(pm)
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(params)
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      return this.found(this.paymentIntents.get(match[1] ?? ''), 'payment_intent')
    }
    if (method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path))) {
      const intent = this.paymentIntents.get(match[1] ?? '')
      if (!intent) return this.noSuch('payment_intent', match[1] ?? '')
      return this.confirmWith(
        intent,
        typeof params.payment_method === 'string'
          ? params.payment_method
          : (intent.payment_method as string | null),
      )
    }
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(params)
    if (method === 'GET' && (match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      return this.found(this.setupIntents.get(match[1] ?? ''), 'setup_intent')
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params)
    return this.error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)
  }

  private createCustomer(params: Record<string, unknown>): FakeAnswer {
    const customer = {
      id: id('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    }
    this.customers.set(customer.id, customer)
    return this.ok(customer)
  }

  private listMethods(customer: string, params: Record<string, unknown>): FakeAnswer {
    if (!this.customers.has(customer)) return this.noSuch('customer', customer)
    if (params.type !== undefined && params.type !== 'card')
      return this.ok(this.list([], '/v1/payment_methods'))
    const data = [...this.paymentMethods.values()]
      .filter((pm) => pm.customer === customer)
      .map(({ behaviour: _behaviour, ...pm }) => pm)
    return this.ok(this.list(data, `/v1/customers/${customer}/payment_methods`))
  }

  private createPaymentIntent(params: Record<string, unknown>): FakeAnswer {
    const amount = Number(params.amount)
    if (typeof params.amount !== 'string' || !/^\d+$/.test(params.amount)) {
      return this.error(400, 'invalid_request_error', 'Invalid integer: amount', { param: 'amount' })
    }
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency)) {
      return this.error(400, 'invalid_request_error', 'Invalid currency.', { param: 'currency' })
    }
    if (params.currency === 'usd' && amount < 50) {
      return this.error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', {
        param: 'amount',
        code: 'amount_too_small',
      })
    }
    const customer = params.customer
    if (customer !== undefined && (typeof customer !== 'string' || !this.customers.has(customer))) {
      return this.noSuch('customer', String(customer), 'customer')
    }
    const usage = params.setup_future_usage
    if (usage !== undefined && usage !== 'on_session' && usage !== 'off_session') {
      return this.error(400, 'invalid_request_error', 'Invalid setup_future_usage.', {
        param: 'setup_future_usage',
      })
    }
    if (usage !== undefined && customer === undefined) {
      return this.error(400, 'invalid_request_error', 'setup_future_usage requires a customer.', {
        param: 'customer',
      })
    }
    const intentId = id('pi')
    const intent: StripeObject = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: params.currency,
      customer: customer ?? null,
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      setup_future_usage: usage ?? null,
      payment_method: null,
      payment_method_types: params.allowed_payment_method_types ?? ['card'],
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      created: Math.floor(Date.now() / 1000),
    }
    if (params.off_session !== undefined && params.confirm !== 'true') {
      return this.error(400, 'invalid_request_error', 'off_session can only be used with confirm=true.', {
        param: 'off_session',
      })
    }
    this.paymentIntents.set(intentId, intent)
    if (params.confirm === 'true') {
      if (typeof params.payment_method !== 'string') return this.missing('payment_method')
      return this.confirmWith(intent, params.payment_method, params.off_session === 'true')
    }
    if (typeof params.payment_method === 'string') {
      intent.payment_method = params.payment_method
      intent.status = 'requires_confirmation'
    }
    return this.ok(intent)
  }

  private confirmWith(intent: StripeObject, paymentMethod: string | null, offSession = false): FakeAnswer {
    if (!paymentMethod) return this.missing('payment_method')
    const method = this.paymentMethods.get(paymentMethod)
    if (!method) return this.noSuch('payment_method', paymentMethod, 'payment_method')
    if (method.customer && method.customer !== intent.customer) {
      return this.error(
        400,
        'invalid_request_error',
        'The provided PaymentMethod belongs to another Customer.',
        {
          param: 'payment_method',
        },
      )
    }
    if (offSession && method.behaviour === 'authenticate') {
      // Off-session, a card that needs 3-D Secure is declined rather than asking for it.
      intent.payment_method = method.id
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'authentication_required',
          message: AUTHENTICATION_REQUIRED,
        },
      })
      return this.error(402, 'card_error', AUTHENTICATION_REQUIRED, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        payment_intent: intent,
      })
    }
    const settled = this.settle(intent, method)
    if (settled.status === 'requires_payment_method') {
      return this.error(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: settled,
      })
    }
    return this.ok(settled)
  }

  private settle(intent: StripeObject, method: StripeObject & { behaviour: CardBehaviour }) {
    intent.payment_method = method.id
    if (method.behaviour === 'decline') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      })
    } else if (method.behaviour === 'authenticate') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } })
    } else {
      if (intent.setup_future_usage && intent.customer) method.customer = intent.customer
      Object.assign(intent, { status: 'succeeded', latest_charge: id('ch'), next_action: null })
    }
    return intent
  }

  private createSetupIntent(params: Record<string, unknown>): FakeAnswer {
    if (typeof params.customer !== 'string') return this.missing('customer')
    if (!this.customers.has(params.customer)) return this.noSuch('customer', params.customer, 'customer')
    const intentId = id('seti')
    const intent = {
      id: intentId,
      object: 'setup_intent',
      customer: params.customer,
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      usage: params.usage ?? 'off_session',
      payment_method: null,
      payment_method_types: params.allowed_payment_method_types ?? ['card'],
      metadata: params.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    }
    this.setupIntents.set(intentId, intent)
    return this.ok(intent)
  }

  private createRefund(params: Record<string, unknown>): FakeAnswer {
    if (typeof params.payment_intent !== 'string') return this.missing('payment_intent')
    const intent = this.paymentIntents.get(params.payment_intent)
    if (!intent) return this.noSuch('payment_intent', params.payment_intent, 'payment_intent')
    if (intent.status !== 'succeeded') {
      return this.error(
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
      )
    }
    const amount = params.amount === undefined ? Number(intent.amount) : Number(params.amount)
    const refunded = [...this.refunds.values()]
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + Number(r.amount), 0)
    if (refunded >= Number(intent.amount)) {
      return this.error(
        400,
        'invalid_request_error',
        `Charge ${String(intent.latest_charge)} has already been refunded.`,
        {
          code: 'charge_already_refunded',
        },
      )
    }
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > Number(intent.amount)) {
      return this.error(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((Number(intent.amount) - refunded) / 100).toFixed(2)})`,
        { param: 'amount' },
      )
    }
    if (
      params.reason !== undefined &&
      !['duplicate', 'fraudulent', 'requested_by_customer'].includes(String(params.reason))
    )
      return this.error(400, 'invalid_request_error', 'Invalid reason.', { param: 'reason' })
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: params.metadata ?? {},
    }
    this.refunds.set(refund.id, refund)
    return this.ok(refund)
  }

  private list(data: unknown[], url: string) {
    return { object: 'list', data, has_more: false, url }
  }

  private ok(body: object): FakeAnswer {
    const { behaviour: _behaviour, ...visible } = body as Record<string, unknown>
    return { status: 200, body: visible, headers: { 'Request-Id': id('req') } }
  }

  private found(object: StripeObject | undefined, kind: string): FakeAnswer {
    return object ? this.ok(object) : this.noSuch(kind, '')
  }

  private noSuch(kind: string, value: string, param?: string): FakeAnswer {
    return this.error(404, 'invalid_request_error', `No such ${kind}: '${value}'`, {
      code: 'resource_missing',
      ...(param ? { param } : {}),
    })
  }

  private missing(param: string): FakeAnswer {
    return this.error(400, 'invalid_request_error', `Missing required param: ${param}.`, {
      code: 'parameter_missing',
      param,
    })
  }

  private error(
    status: number,
    type: string,
    message: string,
    extra: Record<string, unknown> = {},
  ): FakeAnswer {
    return { status, body: { error: { type, message, ...extra } }, headers: { 'Request-Id': id('req') } }
  }
}
