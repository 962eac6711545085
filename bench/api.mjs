// Read throughput of the API (issue 17, ARCHITECTURE §9): requests/s at saturation (autocannon, 20
// connections, as the budget is worded) and latency at a fixed rate, for the dashboard overview, the
// public portfolio and `/healthz` (the framework's ceiling on the same server). Each database gets its own
// server on a fresh database: the embedded one, then PostgreSQL when DATABASE_URL is set.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { constantRate, ms } from './lib/load.mjs'
import { startServer } from './lib/server.mjs'
import { withFreshDatabase } from './lib/postgres.mjs'

/** The budget of ARCHITECTURE §9 per path, in requests/s at saturation (p99 ≤ 50 ms for all). */
export const API_BUDGETS = {
  '/api/client/overview/': 1000,
  '/api/public/projects/': 2000,
}
const P99_BUDGET_MS = 50

const TARGETS = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /api/public/projects/', path: '/api/public/projects/' },
  { name: 'GET /api/client/overview/', path: '/api/client/overview/', auth: true },
  { name: 'GET /api/client/accounts/me/', path: '/api/client/accounts/me/', auth: true },
]

/**
 * CPU seconds the server process has used (user + system; Linux clock ticks of 10 ms). CPU per request
 * barely moves when other work shares the machine, unlike requests/s, so it is the figure to compare
 * between runs on a busy machine. PostgreSQL's own processes are not counted.
 */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

function saturate({ url, headers, connections, seconds }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

async function measure(server, { rps, seconds, connections }) {
  const login = await fetch(`${server.baseUrl}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'DemoPass!2026' }),
  }).then((r) => r.json())
  const rows = []
  for (const t of TARGETS) {
    const url = server.baseUrl + t.path
    const headers = t.auth ? { authorization: `Bearer ${login.access}` } : {}
    const probe = await fetch(url, { headers })
    if (!probe.ok) {
      rows.push({ ...t, skipped: probe.status })
      continue
    }
    await saturate({ url, headers, connections, seconds: 2 })
    const cpuBefore = cpuSeconds(server.pid)
    const saturated = await saturate({ url, headers, connections, seconds })
    const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / saturated.requests.total
    const steady = await constantRate({ url, headers, rps, seconds })
    rows.push({
      ...t,
      saturated: {
        perSecond: saturated.requests.average,
        p50: saturated.latency.p50,
        p99: saturated.latency.p99,
        errors: saturated.errors + saturated.timeouts + saturated.non2xx,
        cpuMs,
      },
      steady,
    })
  }
  return rows
}

export async function apiBench({ port, rps, seconds, connections }) {
  const options = { rps, seconds, connections }
  const results = []
  const embedded = await startServer({ port, env: { DATABASE_URL: undefined } })
  try {
    results.push({ database: 'embedded (PGlite)', rows: await measure(embedded, options) })
  } finally {
    await embedded.stop()
  }
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    await withFreshDatabase(databaseUrl, async (url) => {
      const server = await startServer({
        port,
        env: {
          DATABASE_URL: url,
          SEED_DEMO: '1',
          JWT_SECRET: randomBytes(48).toString('base64'),
          CERTIFICATE_SIGNING_KEY: generateKeyPairSync('ed25519')
            .privateKey.export({ type: 'pkcs8', format: 'der' })
            .toString('base64'),
          APP_KEY_SECRET: randomBytes(32).toString('hex'),
        },
      })
      try {
        results.push({ database: 'PostgreSQL', rows: await measure(server, options) })
      } finally {
        await server.stop()
      }
    })
  }
  return results
}

/** Prints the figures and returns them as a markdown table for bench/results/latest.md. */
export function printApiBench(results, { rps, seconds, connections }) {
  const print = (line) => process.stdout.write(`${line}\n`)
  print(
    `\nAPI reads, ${seconds} s per run: requests/s at saturation (autocannon, ${connections} connections) and latency at ${rps} requests/s`,
  )
  print(
    `  budget on the embedded database: overview ≥ ${API_BUDGETS['/api/client/overview/']}/s, projects ≥ ${API_BUDGETS['/api/public/projects/']}/s, p99 ≤ ${P99_BUDGET_MS} ms, 0 errors`,
  )
  const table = [
    `| database | endpoint | requests/s (${connections} connections) | p50 / p99 there | server CPU per request | p50 / p99 at ${rps}/s | errors |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const { database, rows } of results) {
    print(`  ${database}`)
    for (const r of rows) {
      if (r.skipped) {
        print(`    ${r.name.padEnd(30)} skipped (answers ${r.skipped})`)
        continue
      }
      const s = r.saturated
      const c = r.steady
      const budget = database.startsWith('embedded') ? API_BUDGETS[r.path] : undefined
      const verdict =
        budget === undefined
          ? ''
          : s.perSecond >= budget && s.p99 <= P99_BUDGET_MS
            ? '  ok'
            : '  under budget'
      print(
        `    ${r.name.padEnd(30)} ${s.perSecond.toFixed(0).padStart(5)} req/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  CPU ${s.cpuMs.toFixed(2)} ms/req  |  at ${rps}/s: p50 ${ms(c.p50)}  p99 ${ms(c.p99)}  max ${ms(c.max)}  |  ${s.errors + c.errors} errors${verdict}`,
      )
      table.push(
        `| ${database} | ${r.name} | ${s.perSecond.toFixed(0)} | ${ms(s.p50)} / ${ms(s.p99)} | ${s.cpuMs.toFixed(2)} ms | ${ms(c.p50)} / ${ms(c.p99)} | ${s.errors + c.errors} |`,
      )
    }
  }
  return table.join('\n')
}

/**
 * Reads while people sign in (issue 25): p99 of `GET /api/public/projects/` at `rps`, alone and while
 * `signInsPerSecond` sign-ins run (the demo client's right password, each from its own address through
 * a trusted proxy so the per-address limit does not answer them), on one embedded server at the
 * production hash cost. Hashing runs in the server's worker pool, so the reads should barely move;
 * sign-ins queue for the pool and their own latency shows it.
 */
export async function signInLoadBench({ port, rps, seconds, signInsPerSecond = 10 }) {
  const server = await startServer({ port, env: { DATABASE_URL: undefined, TRUST_PROXY: '1' } })
  try {
    const projects = `${server.baseUrl}/api/public/projects/`
    const alone = await constantRate({ url: projects, rps, seconds })
    let caller = 0
    const signIns = constantRate({
      url: `${server.baseUrl}/api/client/auth/login/`,
      method: 'POST',
      rps: signInsPerSecond,
      seconds,
      body: () => {
        caller += 1
        return {
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.25.${(caller >> 8) & 255}.${caller & 255}`,
          },
          body: JSON.stringify({ email: 'demo@example.com', password: 'DemoPass!2026' }),
        }
      },
    })
    const during = await constantRate({ url: projects, rps, seconds })
    return { rps, seconds, signInsPerSecond, alone, during, signIns: await signIns }
  } finally {
    await server.stop()
  }
}

/** Prints the sign-in figures and returns them as markdown for bench/results/latest.md. */
export function printSignInLoadBench({ rps, seconds, signInsPerSecond, alone, during, signIns }) {
  const print = (line) => process.stdout.write(`${line}\n`)
  print(
    `\nReads during sign-ins (embedded, ${seconds} s): GET /api/public/projects/ at ${rps}/s, alone and with ${signInsPerSecond} sign-ins/s`,
  )
  const line = (name, r) =>
    `    ${name.padEnd(34)} p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  ${r.errors} errors ${JSON.stringify(r.errorStatuses)}`
  print(line('projects alone', alone))
  print(line(`projects during ${signInsPerSecond} sign-ins/s`, during))
  print(line('the sign-ins themselves', signIns))
  return [
    `| GET /api/public/projects/ at ${rps}/s | p50 | p99 | max | errors |`,
    '| --- | --- | --- | --- | --- |',
    `| alone | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} | ${alone.errors} |`,
    `| during ${signInsPerSecond} sign-ins/s | ${ms(during.p50)} | ${ms(during.p99)} | ${ms(during.max)} | ${during.errors} |`,
    `| (the sign-ins) | ${ms(signIns.p50)} | ${ms(signIns.p99)} | ${ms(signIns.max)} | ${signIns.errors} |`,
  ].join('\n')
}
