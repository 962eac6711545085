// Payments under load (issue 11): order creation and the webhook handler at a fixed rate on the
// embedded database and, when DATABASE_URL is set, on PostgreSQL. The webhook bench posts genuine sandbox
// notifications (signed with the secret the server derives from its JWT secret), each paying its own
// pending top-up order. The webhook verifies and records the event, then answers; passes apply it
// afterwards (lock the order, mark it paid, credit the wallet, issue the receipt), so the bench also
// reports how long after the last answer every notification had been applied.
import { createHmac, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { constantRate, ms } from './lib/load.mjs'

async function json(url, init) {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`)
  return response.json()
}

export async function paymentsBench(server, { rps, seconds, warmupSeconds = 2, jwtSecret }) {
  const login = await json(`${server.baseUrl}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'DemoPass!2026' }),
  })
  const auth = { authorization: `Bearer ${login.access}`, 'content-type': 'application/json' }
  const createOrder = () =>
    JSON.stringify({ kind: 'wallet_topup', amount: 10, idempotency_key: randomUUID() })

  const orders = await constantRate({
    url: `${server.baseUrl}/api/payments/orders/`,
    method: 'POST',
    headers: auth,
    body: createOrder,
    rps,
    seconds,
    warmupSeconds,
  })

  // One pending order per notification, created beforehand (10 at a time).
  const needed = Math.round(rps * (seconds + warmupSeconds)) + 10
  const ids = []
  while (ids.length < needed) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, () =>
        json(`${server.baseUrl}/api/payments/orders/`, {
          method: 'POST',
          headers: auth,
          body: createOrder(),
        }),
      ),
    )
    ids.push(...batch.map((o) => o.id))
  }
  const secret = createHmac(
    'sha256',
    jwtSecret ?? readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim(),
  )
    .update('payments-sandbox')
    .digest('hex')
  let next = 0
  const signed = []
  // Bodies and signatures are prepared outside the measured schedule.
  for (const id of ids) {
    const created = Math.floor(Date.now() / 1000)
    const payload = JSON.stringify({
      id: `evt_bench_${randomUUID()}`,
      type: 'payment.succeeded',
      created,
      data: {
        order_id: id,
        gateway_ref: null,
        amount_minor: null,
        currency: null,
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
  const lastId = ids[next - 1]
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
