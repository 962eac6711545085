// The messaging API under load (issue 12): how many messages a second `POST /api/v1/messages` accepts
// (202: the message and its quota use stored, delivery queued) on the embedded database and, when
// DATABASE_URL is set, on PostgreSQL. Each run starts its own server on a fresh database, creates paid
// apps for the demo client (their orders paid by genuine signed sandbox notifications) and sends with
// their keys, rotating keys so the per-key limit (600 a minute) is never what is measured. Every send
// carries its own Idempotency-Key, as a careful client's would (issue 28): the key's claim, the quota and
// the message are then one transaction.
import { createHmac, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { constantRate, ms } from './lib/load.mjs'
import { onPostgres } from './lib/postgres.mjs'
import { startServer } from './lib/server.mjs'

const PER_KEY_PER_MINUTE = 600

async function json(url, init) {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`)
  return response.json()
}

/** A paid, active SMS app of the demo client with the catalogue's largest SMS package; its key. */
async function paidAppKey(baseUrl, auth, sandboxSecret, packageId, index) {
  const created = await json(`${baseUrl}/api/client/create-app/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      app_name: `Bench sender ${index + 1}`,
      service_type: ['sms'],
      selected_packages: { sms: packageId },
    }),
  })
  const createdAt = Math.floor(Date.now() / 1000)
  const payload = JSON.stringify({
    id: `evt_bench_${randomUUID()}`,
    type: 'payment.succeeded',
    created: createdAt,
    data: {
      order_id: created.order_id,
      gateway_ref: null,
      amount_minor: null,
      currency: null,
      reason: null,
      customer_ref: null,
      make_default: false,
      card: null,
    },
  })
  const v1 = createHmac('sha256', sandboxSecret).update(`${createdAt}.${payload}`).digest('hex')
  await json(`${baseUrl}/api/payments/stripe/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${createdAt},v1=${v1}` },
    body: payload,
  })
  // The webhook answers before the order is fulfilled (in a pass right after): wait for the app.
  for (let i = 0; i < 300; i++) {
    const details = await json(`${baseUrl}/api/client/apps/${created.id}/`, { headers: auth })
    if (details.status === 'active') return details.api_key
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`bench app ${created.id} did not become active`)
}

/** Keys for `total` messages, each under the per-key limit with room to spare. */
async function benchKeys(server, jwtSecret, total) {
  const login = await json(`${server.baseUrl}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'DemoPass!2026' }),
  })
  const auth = { authorization: `Bearer ${login.access}`, 'content-type': 'application/json' }
  const { packages } = await json(`${server.baseUrl}/api/client/packages/?service_type=sms`, {
    headers: auth,
  })
  const biggest = packages.reduce((a, b) => (b.limit > a.limit ? b : a))
  const sandboxSecret = createHmac('sha256', jwtSecret).update('payments-sandbox').digest('hex')
  const count = Math.max(2, Math.ceil(total / (PER_KEY_PER_MINUTE * 0.8)))
  const keys = []
  for (let i = 0; i < count; i++)
    keys.push(await paidAppKey(server.baseUrl, auth, sandboxSecret, biggest.id, i))
  return { keys, limitPerKey: biggest.limit }
}

function messageBody(keys) {
  let n = 0
  return () => {
    n += 1
    return {
      headers: {
        'x-api-key': keys[n % keys.length],
        // BENCH_IDEMPOTENCY=0 measures sends without keys, for comparison.
        ...(process.env.BENCH_IDEMPOTENCY === '0' ? {} : { 'idempotency-key': `bench-${randomUUID()}` }),
      },
      body: JSON.stringify({
        channel: 'sms',
        to: `+1312555${String(n % 10_000).padStart(4, '0')}`,
        body: `Your order ${n} is on its way.`,
      }),
    }
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** As many messages as `connections` senders get accepted back to back for `seconds`. */
async function closedLoop({ url, connections, seconds, body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const target = new URL(url)
  const latencies = []
  let accepted = 0
  let errors = 0
  const end = performance.now() + seconds * 1000
  const sendOne = () =>
    new Promise((resolve) => {
      const prepared = body()
      const started = performance.now()
      const request = http.request(
        {
          agent,
          method: 'POST',
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          headers: { 'content-type': 'application/json', ...prepared.headers },
        },
        (response) => {
          response.resume()
          response.on('end', () => {
            latencies.push(performance.now() - started)
            if (response.statusCode === 202) accepted += 1
            else errors += 1
            resolve()
          })
        },
      )
      request.on('error', () => {
        errors += 1
        resolve()
      })
      request.end(prepared.body)
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await sendOne()
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    accepted,
    errors,
    perSecond: accepted / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}

async function measure(server, jwtSecret, { rps, seconds, connections, warmupSeconds = 2 }) {
  // The constant-rate run, the closed-loop run (at most ~1,000/s assumed) and a warm-up.
  const expected = rps * (seconds + warmupSeconds) + 1000 * (seconds + 1)
  const { keys } = await benchKeys(server, jwtSecret, expected)
  const url = `${server.baseUrl}/api/v1/messages`
  const body = messageBody(keys)
  const steady = await constantRate({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    rps,
    seconds,
    warmupSeconds,
  })
  const saturated = await closedLoop({ url, connections, seconds, body })
  return { keys: keys.length, steady, saturated }
}

export async function messagesBench({ port, rps, seconds, connections }) {
  const options = { rps, seconds, connections }
  const results = []
  const embedded = await startServer({ port, env: { DATABASE_URL: undefined, LOG_LEVEL: 'error' } })
  try {
    const jwtSecret = readFileSync(path.join(embedded.dataDir, 'jwt-secret'), 'utf8').trim()
    results.push({ database: 'embedded (PGlite)', ...(await measure(embedded, jwtSecret, options)) })
  } finally {
    await embedded.stop()
  }
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl)
    results.push({
      database: 'PostgreSQL',
      ...(await onPostgres(databaseUrl, port, (server, jwtSecret) => measure(server, jwtSecret, options))),
    })
  return results
}

const print = (line) => process.stdout.write(`${line}\n`)

export function printMessagesBench(results, { rps, seconds, connections }) {
  print(
    `\nMessaging API: POST /api/v1/messages accepted (202), SMS, ${process.env.BENCH_IDEMPOTENCY === '0' ? 'without' : 'each with its own'} Idempotency-Key, ${seconds} s per run (budget: p99 < 100 ms)`,
  )
  for (const r of results) {
    const s = r.steady
    const c = r.saturated
    print(`  ${r.database}, ${r.keys} app keys`)
    print(
      `    at ${rps} messages/s:        p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  ${s.requests} req, ${s.errors} errors, ${s.achievedRps.toFixed(0)} req/s`,
    )
    print(
      `    ${connections} senders back to back: ${c.perSecond.toFixed(0)} messages/s accepted  p50 ${ms(c.p50)}  p99 ${ms(c.p99)}  ${c.accepted} accepted, ${c.errors} errors`,
    )
  }
}
