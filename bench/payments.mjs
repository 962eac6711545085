// Payments under load (issue 11): order creation and the webhook handler at a fixed rate on the
// embedded database and, when DATABASE_URL is set, on PostgreSQL. The webhook bench posts genuine sandbox
// notifications (signed with the secret the server derives from its JWT secret), each paying its own
// pending top-up order through the checkout started for it (issue 24: a notification pays only the
// checkout it was made for, by its reference, amount and currency). The webhook verifies and records the
// event, then answers; passes apply it afterwards (lock the order, mark it paid, credit the wallet, issue
// the receipt), so the bench also reports how long after the last answer every notification had been
// applied.
//
// The dropped-notification run (issue 24) pays checkouts on the sandbox's card page with "Pay, but lose
// the notification": no webhook ever comes, and only reconciliation (asking the gateway about a checkout
// PAYMENTS_RECONCILE_AFTER_S after it started) can fulfil the orders. It reports how many were fulfilled
// and how long after their payment (goal: all, within PAYMENTS_RECONCILE_AFTER_S + 60 s).
import { createHmac, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { constantRate, ms } from './lib/load.mjs'

async function json(url, init) {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`)
  return response.json()
}

/** The demo client's bearer headers. */
async function signIn(server) {
  const login = await json(`${server.baseUrl}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'DemoPass!2026' }),
  })
  return { authorization: `Bearer ${login.access}`, 'content-type': 'application/json' }
}

const TOP_UP_USD = 10
const createOrder = () =>
  JSON.stringify({ kind: 'wallet_topup', amount: TOP_UP_USD, idempotency_key: randomUUID() })

/** A pending $10 top-up with a card checkout started for it: its id, checkout reference and page. */
async function orderWithCheckout(server, auth) {
  const order = await json(`${server.baseUrl}/api/payments/orders/`, {
    method: 'POST',
    headers: auth,
    body: createOrder(),
  })
  const checkout = await json(`${server.baseUrl}/api/payments/stripe/process/temp_order/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ order_id: order.id, amount: TOP_UP_USD * 100, currency: 'usd' }),
  })
  return { id: order.id, gatewayRef: checkout.payment_intent_id, checkoutUrl: checkout.checkout_url }
}

/** `n` orders with their checkouts, 10 at a time. */
async function ordersWithCheckouts(server, auth, n) {
  const made = []
  while (made.length < n) {
    const batch = Math.min(10, n - made.length)
    made.push(...(await Promise.all(Array.from({ length: batch }, () => orderWithCheckout(server, auth)))))
  }
  return made
}

export async function paymentsBench(server, { rps, seconds, warmupSeconds = 2, jwtSecret }) {
  const auth = await signIn(server)

  const orders = await constantRate({
    url: `${server.baseUrl}/api/payments/orders/`,
    method: 'POST',
    headers: auth,
    body: createOrder,
    rps,
    seconds,
    warmupSeconds,
  })

  // One pending order and its checkout per notification, created beforehand (10 at a time).
  const needed = Math.round(rps * (seconds + warmupSeconds)) + 10
  const checkouts = await ordersWithCheckouts(server, auth, needed)
  const secret = createHmac(
    'sha256',
    jwtSecret ?? readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim(),
  )
    .update('payments-sandbox')
    .digest('hex')
  let next = 0
  const signed = []
  // Bodies and signatures are prepared outside the measured schedule.
  for (const { id, gatewayRef } of checkouts) {
    const created = Math.floor(Date.now() / 1000)
    // As the sandbox names a payment's event: by its checkout and outcome.
    const payload = JSON.stringify({
      id: `${gatewayRef}:paid`,
      type: 'payment.succeeded',
      created,
      data: {
        order_id: id,
        gateway_ref: gatewayRef,
        amount_minor: TOP_UP_USD * 100,
        currency: 'USD',
        reason: null,
        customer_ref: null,
        make_default: false,
        card: null,
      },
    })
    const v1 = createHmac('sha256', secret).update(`${created}.${payload}`).digest('hex')
    signed.push({ payload, signature: `t=${created},v1=${v1}` })
  }
  const webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook/`
  const webhooks = await constantRate({
    url: webhookUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: () => {
      const event = signed[next++]
      return { headers: { 'sandbox-signature': event.signature }, body: event.payload }
    },
    rps,
    seconds,
    warmupSeconds,
  })
  // The webhook answers once the event is recorded; passes apply events oldest first after that. When
  // the last notified order is paid, every notification has been applied.
  const answeredAt = performance.now()
  const lastId = checkouts[next - 1].id
  let appliedAfterMs = null
  while (performance.now() - answeredAt < 300_000) {
    const order = await json(`${server.baseUrl}/api/payments/orders/${lastId}/`, { headers: auth })
    if (order.status === 'paid') {
      appliedAfterMs = performance.now() - answeredAt
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { orders, webhooks, appliedAfterMs }
}

const print = (line) => process.stdout.write(`${line}\n`)

export function printPaymentsBench(
  { orders, webhooks, appliedAfterMs },
  { rps, seconds, database = 'the embedded database' },
) {
  print(`\nPayments on ${database} at ${rps} requests/s for ${seconds} s`)
  for (const [name, r] of [
    ['POST /api/payments/orders/', orders],
    ['POST /api/payments/stripe/webhook/', webhooks],
  ]) {
    print(
      `  ${name.padEnd(36)} p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  ${r.requests} req, ${r.errors} errors${r.errors ? ` ${JSON.stringify(r.errorStatuses)}` : ''}, ${r.achievedRps.toFixed(0)} req/s`,
    )
  }
  print(
    `  every notification applied (order paid) ${appliedAfterMs === null ? 'not within 300 s' : `${ms(appliedAfterMs)}`} after the last answer`,
  )
}

/**
 * The dropped-notification run: `orders` top-ups, each paid on the sandbox's card page with "Pay, but
 * lose the notification" (`concurrency` at a time). Then every order is polled until it is paid and
 * fulfilled, or until PAYMENTS_RECONCILE_AFTER_S + 120 s after the last payment. The server must run with
 * `reconcileAfterSeconds` as its PAYMENTS_RECONCILE_AFTER_S.
 */
export async function droppedNotificationsBench(server, { orders, reconcileAfterSeconds, concurrency = 5 }) {
  const auth = await signIn(server)
  const checkouts = await ordersWithCheckouts(server, auth, orders)
  const paidAt = new Map()
  const year = String(new Date().getUTCFullYear() + 2)
  let cursor = 0
  const payOne = async () => {
    while (cursor < checkouts.length) {
      const checkout = checkouts[cursor++]
      const page = new URL(checkout.checkoutUrl, server.baseUrl)
      const response = await fetch(new URL(page.pathname + page.search, server.baseUrl), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          card_number: '4242424242424242',
          exp_month: '12',
          exp_year: year,
          cvc: '123',
          notify: 'lose',
        }).toString(),
      })
      await response.arrayBuffer()
      // The sandbox took the payment and sends the client back to the success page.
      if (response.status !== 303 && response.status !== 302)
        throw new Error(`the sandbox card page answered ${response.status}`)
      paidAt.set(checkout.id, Date.now())
    }
  }
  await Promise.all(Array.from({ length: concurrency }, payOne))
  const lastPaid = Math.max(...paidAt.values())
  const deadline = lastPaid + (reconcileAfterSeconds + 120) * 1000
  const fulfilledAfterMs = new Map()
  while (fulfilledAfterMs.size < checkouts.length && Date.now() < deadline) {
    for (const { id } of checkouts) {
      if (fulfilledAfterMs.has(id)) continue
      const order = await json(`${server.baseUrl}/api/payments/orders/${id}/`, { headers: auth })
      if (order.status === 'paid' && order.fulfilled) fulfilledAfterMs.set(id, Date.now() - paidAt.get(id))
    }
    if (fulfilledAfterMs.size < checkouts.length) await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const delays = [...fulfilledAfterMs.values()].sort((a, b) => a - b)
  const goalMs = (reconcileAfterSeconds + 60) * 1000
  return {
    orders: checkouts.length,
    fulfilled: delays.length,
    withinGoal: delays.filter((d) => d <= goalMs).length,
    p50: delays[Math.floor((delays.length - 1) / 2)] ?? null,
    max: delays.at(-1) ?? null,
    reconcileAfterSeconds,
  }
}

export function printDroppedNotificationsBench(r, { database = 'the embedded database' } = {}) {
  const goal = r.reconcileAfterSeconds + 60
  print(
    `\nDropped notifications on ${database}: ${r.orders} checkouts paid on the sandbox page, every notification lost (PAYMENTS_RECONCILE_AFTER_S=${r.reconcileAfterSeconds})`,
  )
  print(
    `  fulfilled by reconciliation: ${r.fulfilled} of ${r.orders}; within ${goal} s of their payment: ${r.withinGoal} of ${r.orders}`,
  )
  if (r.fulfilled > 0) print(`  time from payment to fulfilment: p50 ${ms(r.p50)}  max ${ms(r.max)}`)
  print(
    `  goal (all, within PAYMENTS_RECONCILE_AFTER_S + 60 s): ${r.withinGoal === r.orders ? 'met' : 'NOT met'}`,
  )
}
