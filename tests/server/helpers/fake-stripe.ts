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
  fingerprint?: string
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

/**
 * Stripe's test card numbers as https://docs.stripe.com/testing lists them: 4242… and 5555… succeed,
 * 4000 0000 0000 0002 is declined (`card_declined`, `generic_decline`), 4000 0000 0000 9995 is declined
 * for insufficient funds, and 4000 0027 6000 3184 always asks for 3-D Secure.
 */
export const TEST_CARDS: Record<string, { brand: string; behaviour: CardBehaviour; decline?: string }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeed' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeed' },
  '4000000000000002': { brand: 'visa', behaviour: 'decline', decline: 'generic_decline' },
  '4000000000009995': { brand: 'visa', behaviour: 'decline', decline: 'insufficient_funds' },
  '4000002760003184': { brand: 'visa', behaviour: 'authenticate' },
}

/** Stripe's decline messages by decline code (https://docs.stripe.com/declines/codes). */
const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
}

function luhnValid(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return number.length >= 12 && sum % 10 === 0
}

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

type CardMethod = StripeObject & { behaviour: CardBehaviour; declineCode: string }

/** An object as Stripe shows it: without the fake's own bookkeeping (how a test card behaves). */
function visible(object: object): Record<string, unknown> {
  const {
    behaviour: _behaviour,
    declineCode: _declineCode,
    intentData: _intentData,
    ...shown
  } = object as Record<string, unknown>
  return shown
}

function declineMessage(method: CardMethod): string {
  return DECLINE_MESSAGES[method.declineCode] ?? DECLINE_MESSAGES.generic_decline ?? 'Your card was declined.'
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, Stripe-Version',
}

/**
 * The publishable key of a request Stripe.js sends from the browser (the `key` form field, or a
 * `Bearer pk_…` header); null for server requests.
 */
function publishableKeyOf(request: FakeRequest): string | null {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer pk_')) return header.slice('Bearer '.length)
  const form = request.method === 'POST' ? new URLSearchParams(request.body.toString('utf8')) : request.query
  const key = form.get('key')
  return key?.startsWith('pk_') ? key : null
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
  readonly paymentMethods = new Map<string, CardMethod>()
  readonly refunds = new Map<string, StripeObject>()
  readonly checkoutSessions = new Map<string, StripeObject>()
  private readonly idempotent = new Map<string, { fingerprint: string; answer: FakeAnswer }>()
  /**
   * Where events are delivered, as a webhook endpoint registered at Stripe (null: events are not sent).
   * Stripe sends each event by POST after the change, signed with the endpoint's secret, and retries a
   * delivery that is not answered with a 2xx (https://docs.stripe.com/webhooks).
   */
  webhookUrl: string | null = null
  /** How long after the change an event is sent (Stripe gives no timing: it may come after the answer). */
  webhookDelayMs = 0
  /** Every webhook delivery attempt and the status it was answered with (0: no answer). */
  readonly deliveries: { type: string; status: number; attempt: number }[] = []

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
  createCard(card: FakeCard & { declineCode?: string }, customer: string | null = null): CardMethod {
    const method: CardMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      created: Math.floor(Date.now() / 1000),
      customer,
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        // Stripe's fingerprint names the card number: the fake's test cards differ by brand and last four.
        fingerprint: card.fingerprint ?? `fp_${card.brand}_${card.last4}`,
      },
      behaviour: card.behaviour ?? 'succeed',
      declineCode: card.declineCode ?? 'generic_decline',
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
    const publishableKey = publishableKeyOf(request)
    if (request.method === 'OPTIONS' || publishableKey !== null) {
      const answer = request.method === 'OPTIONS' ? { status: 204, body: '' } : this.fromBrowser(request)
      // api.stripe.com answers Stripe.js's cross-origin requests with CORS headers.
      return { ...answer, headers: { ...answer.headers, ...CORS_HEADERS } }
    }
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
      /^\/v1\/(customers|payment_intents|setup_intents|refunds|checkout\/sessions)$/.test(request.path)
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
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createCheckoutSession(params)
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return this.found(this.checkoutSessions.get(match[1] ?? ''), 'checkout.session')
    }
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
      .map((pm) => visible(pm))
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
      this.announce('payment_intent.payment_failed', intent)
      return this.error(402, 'card_error', AUTHENTICATION_REQUIRED, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        payment_intent: visible(intent),
      })
    }
    const settled = this.settle(intent, method)
    if (settled.status === 'requires_payment_method') {
      return this.error(402, 'card_error', declineMessage(method), {
        code: 'card_declined',
        decline_code: method.declineCode,
        payment_intent: visible(settled),
      })
    }
    return this.ok(settled)
  }

  private settle(intent: StripeObject, method: CardMethod) {
    intent.payment_method = method.id
    if (method.behaviour === 'decline') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: method.declineCode,
          message: declineMessage(method),
        },
      })
      this.announce('payment_intent.payment_failed', intent)
    } else if (method.behaviour === 'authenticate') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } })
      this.announce('payment_intent.requires_action', intent)
    } else {
      if (intent.setup_future_usage && intent.customer) method.customer = intent.customer
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: id('ch'),
        next_action: null,
        last_payment_error: null,
      })
      this.announce('payment_intent.succeeded', intent)
    }
    return intent
  }

  /**
   * A request Stripe.js makes from the browser with the publishable key (sent as the `key` form field):
   * only what a publishable key may do. PaymentIntents and SetupIntents are confirmed (and read) with
   * their `client_secret`, and a card is sent as `payment_method_data` (type card, number, expiry, CVC),
   * which Stripe turns into a PaymentMethod (https://docs.stripe.com/api/payment_intents/confirm,
   * https://docs.stripe.com/api/setup_intents/confirm, https://docs.stripe.com/keys: publishable keys
   * "can only create PaymentMethods or tokens" and confirm with a client secret).
   */
  private fromBrowser(request: FakeRequest): FakeAnswer {
    const params = decodeStripeForm(
      request.method === 'POST' ? request.body.toString('utf8') : request.query.toString(),
    )
    const key = publishableKeyOf(request)
    if (key !== STRIPE.publishableKey) {
      return this.error(401, 'invalid_request_error', `Invalid API Key provided: ${String(key)}`, {
        code: 'api_key_invalid',
      })
    }
    const { method, path } = request
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/payment_methods') {
      const created = this.cardFromData(params)
      return 'refused' in created ? created.refused : this.ok(created.method)
    }
    if ((match = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)(\/confirm)?$/.exec(path))) {
      const [, kind = '', intentId = '', confirm] = match
      const intents = kind === 'payment_intents' ? this.paymentIntents : this.setupIntents
      const objectName = kind === 'payment_intents' ? 'payment_intent' : 'setup_intent'
      const intent = intents.get(intentId)
      // A wrong client secret reads as an unknown intent: the secret is what authorises the browser.
      if (!intent || params.client_secret !== intent.client_secret) return this.noSuch(objectName, intentId)
      if (method === 'GET' && !confirm) return this.ok(intent)
      if (method === 'POST' && confirm) {
        let paymentMethod: CardMethod | undefined
        if (params.payment_method_data !== undefined) {
          const created = this.cardFromData(params.payment_method_data as Record<string, unknown>)
          if ('refused' in created) return created.refused
          paymentMethod = created.method
        } else if (typeof params.payment_method === 'string') {
          paymentMethod = this.paymentMethods.get(params.payment_method)
          if (!paymentMethod) return this.noSuch('payment_method', params.payment_method, 'payment_method')
        }
        if (objectName === 'setup_intent') return this.confirmSetup(intent, paymentMethod)
        const usage = params.setup_future_usage
        if (usage === 'on_session' || usage === 'off_session') {
          if (!intent.customer) {
            return this.error(400, 'invalid_request_error', 'setup_future_usage requires a customer.', {
              param: 'setup_future_usage',
            })
          }
          intent.setup_future_usage = usage
        }
        return this.confirmWith(intent, paymentMethod?.id ?? (intent.payment_method as string | null))
      }
    }
    return this.error(
      401,
      'invalid_request_error',
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
      { code: 'secret_key_required' },
    )
  }

  /** A card PaymentMethod from `payment_method_data` / the create body, checked as Stripe checks it. */
  private cardFromData(data: Record<string, unknown>): { method: CardMethod } | { refused: FakeAnswer } {
    if (data.type !== 'card') {
      return {
        refused: this.error(400, 'invalid_request_error', 'Invalid payment method type.', { param: 'type' }),
      }
    }
    const card = (data.card ?? {}) as Record<string, unknown>
    const number = String(card.number ?? '').replace(/\s/g, '')
    const month = Number(card.exp_month)
    const year = Number(card.exp_year)
    const now = new Date()
    const cardError = (code: string, message: string, param: string) => ({
      refused: this.error(402, 'card_error', message, { code, param }),
    })
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
      return cardError('incorrect_number', 'Your card number is incorrect.', 'number')
    }
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month')
    }
    if (
      !Number.isInteger(year) ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    ) {
      return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year')
    }
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc))) {
      return cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc')
    }
    // In test mode any other card is refused, as Stripe refuses real cards with test keys.
    const known = TEST_CARDS[number] ?? { brand: 'visa', behaviour: 'decline', decline: 'generic_decline' }
    const method = this.createCard({
      brand: known.brand,
      last4: number.slice(-4),
      exp_month: month,
      exp_year: year,
      behaviour: known.behaviour,
      ...(known.decline ? { declineCode: known.decline } : {}),
    })
    return { method }
  }

  /** Confirming a SetupIntent: the card is attached to the intent's customer once it is accepted. */
  private confirmSetup(intent: StripeObject, method: CardMethod | undefined): FakeAnswer {
    if (!method) return this.missing('payment_method')
    intent.payment_method = method.id
    if (method.behaviour === 'decline') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_setup_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: method.declineCode,
          message: declineMessage(method),
        },
      })
      this.announce('setup_intent.setup_failed', intent)
      return this.error(402, 'card_error', declineMessage(method), {
        code: 'card_declined',
        decline_code: method.declineCode,
        setup_intent: visible(intent),
      })
    }
    if (method.behaviour === 'authenticate') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } })
      return this.ok(intent)
    }
    method.customer = intent.customer as string
    Object.assign(intent, { status: 'succeeded', last_setup_error: null })
    this.announce('setup_intent.succeeded', intent)
    return this.ok(intent)
  }

  /** Sends an event about `object` to the webhook endpoint, after the answer, as Stripe does. */
  private announce(type: string, object: StripeObject) {
    const url = this.webhookUrl
    if (!url) return
    const snapshot = visible(structuredClone(object))
    setTimeout(() => void this.deliver(url, type, snapshot, 1), this.webhookDelayMs)
  }

  private async deliver(url: string, type: string, object: object, attempt: number): Promise<void> {
    const { payload, signature } = this.event(type, object)
    let status = 0
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
        body: payload,
      })
      status = response.status
    } catch {
      // not answered: retried below
    }
    this.deliveries.push({ type, status, attempt })
    if ((status < 200 || status > 299) && attempt < 5) {
      setTimeout(() => void this.deliver(url, type, object, attempt + 1), 500 * attempt)
    }
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

  /**
   * `POST /v1/checkout/sessions` as https://docs.stripe.com/api/checkout/sessions/create describes it:
   * `mode` payment (with `line_items` of `price_data` and a quantity) or setup; `success_url` and
   * `cancel_url` must be http(s) addresses; `customer` and `customer_email` exclude each other;
   * `payment_intent_data` only in payment mode, `setup_intent_data` only in setup mode; setup mode needs
   * `currency` unless `allowed_payment_method_types` is given. Answers an open session with its hosted `url`.
   */
  private createCheckoutSession(params: Record<string, unknown>): FakeAnswer {
    const mode = params.mode
    if (mode !== 'payment' && mode !== 'setup') {
      return mode === undefined
        ? this.missing('mode')
        : this.error(400, 'invalid_request_error', 'Invalid mode.', { param: 'mode' })
    }
    for (const param of ['success_url', 'cancel_url'] as const) {
      const value = params[param]
      if (value === undefined) continue
      let valid = false
      try {
        valid = ['http:', 'https:'].includes(new URL(String(value)).protocol)
      } catch {
        valid = false
      }
      if (!valid)
        return this.error(400, 'invalid_request_error', 'Not a valid URL', { code: 'url_invalid', param })
    }
    if (params.success_url === undefined) return this.missing('success_url')
    const customer = params.customer
    if (customer !== undefined && params.customer_email !== undefined) {
      return this.error(
        400,
        'invalid_request_error',
        'You may only specify one of these parameters: customer, customer_email.',
        { param: 'customer_email' },
      )
    }
    if (customer !== undefined && (typeof customer !== 'string' || !this.customers.has(customer))) {
      return this.noSuch('customer', String(customer), 'customer')
    }
    const wrongMode = mode === 'payment' ? 'setup_intent_data' : 'payment_intent_data'
    if (params[wrongMode] !== undefined) {
      return this.error(
        400,
        'invalid_request_error',
        `You can not pass \`${wrongMode}\` in \`${mode}\` mode.`,
        {
          param: wrongMode,
        },
      )
    }
    let amountTotal: number | null = null
    let currency = typeof params.currency === 'string' ? params.currency : null
    if (mode === 'payment') {
      const items = params.line_items
      if (!Array.isArray(items) || items.length === 0) return this.missing('line_items')
      amountTotal = 0
      for (const [index, raw] of items.entries()) {
        const item = raw as Record<string, unknown>
        const data = item.price_data as Record<string, unknown> | undefined
        const name = (data?.product_data as Record<string, unknown> | undefined)?.name
        const unit = String(data?.unit_amount ?? '')
        if (
          !data ||
          typeof data.currency !== 'string' ||
          !/^\d+$/.test(unit) ||
          typeof name !== 'string' ||
          !name
        ) {
          return this.missing(`line_items[${index}][price_data]`)
        }
        if (!/^\d+$/.test(String(item.quantity ?? ''))) return this.missing(`line_items[${index}][quantity]`)
        currency = data.currency
        amountTotal += Number(unit) * Number(item.quantity)
      }
      if (currency === 'usd' && amountTotal < 50) {
        return this.error(
          400,
          'invalid_request_error',
          "The Checkout Session's total amount due must add up to at least $0.50 usd",
          {
            code: 'amount_too_small',
          },
        )
      }
      const usage = (params.payment_intent_data as Record<string, unknown> | undefined)?.setup_future_usage
      if (usage !== undefined && usage !== 'on_session' && usage !== 'off_session') {
        return this.error(400, 'invalid_request_error', 'Invalid setup_future_usage.', {
          param: 'payment_intent_data[setup_future_usage]',
        })
      }
    } else {
      if (params.line_items !== undefined) {
        return this.error(400, 'invalid_request_error', 'You can not pass `line_items` in `setup` mode.', {
          param: 'line_items',
        })
      }
      if (currency === null && params.allowed_payment_method_types === undefined)
        return this.missing('currency')
    }
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`
    const session: StripeObject = {
      id: sessionId,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      customer: customer ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      amount_total: amountTotal,
      currency,
      payment_intent: null,
      setup_intent: null,
      payment_method_types: params.allowed_payment_method_types ?? ['card'],
      expires_at: params.expires_at ? Number(params.expires_at) : Math.floor(Date.now() / 1000) + 86_400,
      created: Math.floor(Date.now() / 1000),
      // The fake's own note of what the page will create; not shown.
      intentData: mode === 'payment' ? (params.payment_intent_data ?? {}) : (params.setup_intent_data ?? {}),
    }
    this.checkoutSessions.set(sessionId, session)
    return this.ok(session)
  }

  /**
   * The client paying (or saving a card) on the hosted Checkout page: Checkout creates the PaymentIntent
   * (or SetupIntent) with the session's `payment_intent_data` (`setup_intent_data`), confirms it with the
   * card, and sends the intent's events and `checkout.session.completed`.
   */
  completeCheckoutSession(sessionId: string, card: FakeCard) {
    const session = this.checkoutSessions.get(sessionId)
    if (!session || session.status !== 'open') throw new Error(`no open Checkout Session ${sessionId}`)
    const data = session.intentData as Record<string, unknown>
    if (session.mode === 'setup') {
      const created = this.createSetupIntent({ customer: session.customer, metadata: data.metadata ?? {} })
      const intent = this.setupIntents.get((created.body as { id: string }).id)
      if (!intent) throw new Error('the fake could not create the SetupIntent')
      session.setup_intent = intent.id
      this.confirmSetup(intent, this.createCard(card))
      if (intent.status !== 'succeeded') return session
    } else {
      const created = this.createPaymentIntent({
        amount: String(session.amount_total),
        currency: session.currency,
        ...(session.customer ? { customer: session.customer } : {}),
        ...(data.setup_future_usage ? { setup_future_usage: data.setup_future_usage } : {}),
        metadata: data.metadata ?? {},
        description: data.description,
      })
      const intent = this.paymentIntents.get((created.body as { id: string }).id)
      if (!intent) throw new Error('the fake could not create the PaymentIntent')
      session.payment_intent = intent.id
      this.settle(intent, this.createCard(card))
      if (intent.status !== 'succeeded') return session
      session.payment_status = 'paid'
    }
    session.status = 'complete'
    this.announce('checkout.session.completed', session)
    return session
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
    return { status: 200, body: visible(body), headers: { 'Request-Id': id('req') } }
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
