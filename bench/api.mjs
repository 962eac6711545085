// Read throughput of the API (issues 17 and 31, ARCHITECTURE §9): requests/s at saturation (autocannon,
// 20 connections, as the budget is worded) of every GET a portal or public screen calls, as a share of
// `/healthz` (the framework's ceiling on the same server, in the same run). Each database gets its own
// server on a fresh database: the embedded one, then PostgreSQL when DATABASE_URL is set.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { constantRate, ms } from './lib/load.mjs'
import { startServer } from './lib/server.mjs'
import { withFreshDatabase } from './lib/postgres.mjs'

/**
 * The budget of ARCHITECTURE §9: every GET a screen calls answers at least this share of `/healthz`'s
 * requests/s at saturation measured in the same run, with p99 ≤ 50 ms and no errors. A share, not a
 * figure: absolute requests/s swing with the load of these shared machines, the ratio much less.
 */
export const API_SHARE_BUDGET = 0.3
const P99_BUDGET_MS = 50

/**
 * Every GET the portal and the public pages call on a screen. `needs` names an id or slug read from an
 * earlier answer (the demo client's first ticket, app, domain; the first blog post); a target whose
 * id the demo data lacks is reported as skipped.
 */
const TARGETS = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /api/public/projects/', path: '/api/public/projects/' },
  { name: 'GET /api/public/blog/posts/', path: '/api/public/blog/posts/' },
  {
    name: 'GET /api/public/blog/posts/{slug}/',
    path: (ids) => `/api/public/blog/posts/${ids.postSlug}/`,
    needs: 'postSlug',
  },
  { name: 'GET /api/public/careers/', path: '/api/public/careers/' },
  { name: 'GET /api/public/partners/', path: '/api/public/partners/' },
  { name: 'GET /api/client/overview/', path: '/api/client/overview/', auth: true },
  { name: 'GET /api/client/accounts/me/', path: '/api/client/accounts/me/', auth: true },
  { name: 'GET /api/client/projects/', path: '/api/client/projects/', auth: true },
  { name: 'GET /api/client/apps/', path: '/api/client/apps/', auth: true },
  {
    name: 'GET /api/client/apps/{id}/',
    path: (ids) => `/api/client/apps/${ids.app}/`,
    needs: 'app',
    auth: true,
  },
  { name: 'GET /api/client/wallet/', path: '/api/client/wallet/', auth: true },
  { name: 'GET /api/support/tickets/', path: '/api/support/tickets/', auth: true },
  {
    name: 'GET /api/support/tickets/{id}/',
    path: (ids) => `/api/support/tickets/${ids.ticket}/`,
    needs: 'ticket',
    auth: true,
  },
  { name: 'GET /api/domains/domains/', path: '/api/domains/domains/', auth: true },
  {
    name: 'GET /api/domains/domains/{id}/',
    path: (ids) => `/api/domains/domains/${ids.domain}/`,
    needs: 'domain',
    auth: true,
  },
  {
    name: 'GET /api/domains/dns-records/?domain=',
    path: (ids) => `/api/domains/dns-records/?domain=${ids.domain}`,
    needs: 'domain',
    auth: true,
  },
  { name: 'GET /api/payments/orders/', path: '/api/payments/orders/', auth: true },
  { name: 'GET /api/receipts/', path: '/api/receipts/', auth: true },
  {
    name: 'GET /api/referrals/referrals/my_referrals/',
    path: '/api/referrals/referrals/my_referrals/',
    auth: true,
  },
  {
    name: 'GET /api/payments/stripe/saved-payment-methods/',
    path: '/api/payments/stripe/saved-payment-methods/',
    auth: true,
  },
]

/** `BENCH_ONLY="overview wallet"` narrows a run to the targets whose path contains one of the words. */
function selectedTargets(only) {
  if (!only || only.length === 0) return TARGETS
  return TARGETS.filter((t) => t.path === '/healthz' || only.some((word) => t.name.includes(word)))
}

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

/**
 * Saturates the same path on every server at once, the connections dealt out round robin (connection i
 * to server i mod n), as a load balancer would: requests/s and errors are the sums, latency the worst
 * server's (each percentile is the highest of the servers').
 */
async function saturateAll({ servers, path, headers, connections, seconds }) {
  const results = await Promise.all(
    servers.map((server, i) =>
      saturate({
        url: server.baseUrl + path,
        headers,
        connections: Math.floor(connections / servers.length) + (i < connections % servers.length ? 1 : 0),
        seconds,
      }),
    ),
  )
  const sum = (pick) => results.reduce((total, r) => total + pick(r), 0)
  const worst = (pick) => Math.max(...results.map(pick))
  return {
    perSecond: sum((r) => r.requests.average),
    total: sum((r) => r.requests.total),
    p50: worst((r) => r.latency.p50),
    p99: worst((r) => r.latency.p99),
    errors: sum((r) => r.errors + r.timeouts + r.non2xx),
  }
}

/** The ids and slugs the detail targets need, read from the demo client's lists. */
async function discoverIds(baseUrl, headers) {
  const first = async (path) => {
    const response = await fetch(baseUrl + path, { headers })
    if (!response.ok) return undefined
    const body = await response.json()
    return body.results?.[0]
  }
  const [ticket, app, domain, post] = await Promise.all([
    first('/api/support/tickets/'),
    first('/api/client/apps/'),
    first('/api/domains/domains/'),
    first('/api/public/blog/posts/'),
  ])
  return { ticket: ticket?.id, app: app?.id, domain: domain?.id, postSlug: post?.slug }
}

/** Measures every target on `servers` (one, or several sharing one database, dealt round robin). */
export async function measure(servers, { rps, seconds, connections, only }) {
  const [server] = servers
  const login = await fetch(`${server.baseUrl}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'DemoPass!2026' }),
  }).then((r) => r.json())
  const bearer = { authorization: `Bearer ${login.access}` }
  const ids = await discoverIds(server.baseUrl, bearer)
  const cpu = () => servers.reduce((total, s) => total + cpuSeconds(s.pid), 0)
  const rows = []
  for (const t of selectedTargets(only)) {
    if (t.needs && ids[t.needs] === undefined) {
      rows.push({ ...t, skipped: `no ${t.needs} in the demo data` })
      continue
    }
    const path = typeof t.path === 'function' ? t.path(ids) : t.path
    const headers = t.auth ? bearer : {}
    const probes = await Promise.all(servers.map((s) => fetch(s.baseUrl + path, { headers })))
    const refused = probes.find((probe) => !probe.ok)
    if (refused) {
      rows.push({ ...t, skipped: `answers ${refused.status}` })
      continue
    }
    await saturateAll({ servers, path, headers, connections, seconds: 1 })
    const cpuBefore = cpu()
    const saturated = await saturateAll({ servers, path, headers, connections, seconds })
    const cpuMs = ((cpu() - cpuBefore) * 1000) / saturated.total
    // The fixed-rate run goes to the first server only: it measures latency, not capacity.
    const steady =
      rps > 0 ? await constantRate({ url: server.baseUrl + path, headers, rps, seconds }) : undefined
    rows.push({ ...t, saturated: { ...saturated, cpuMs }, steady })
  }
  // /healthz once more at the end: the machine's load moves during a run, and the share is taken of the
  // mean of the two, so a run that got busier halfway does not flatter or punish the reads after it.
  const healthz = rows.find((r) => r.path === '/healthz' && r.saturated)
  if (healthz) {
    const again = await saturateAll({ servers, path: '/healthz', headers: {}, connections, seconds })
    healthz.saturated.perSecond = (healthz.saturated.perSecond + again.perSecond) / 2
  }
  return rows
}

/** Secrets for servers on PostgreSQL, which keeps none in a data folder: shared by every instance. */
function sharedSecrets() {
  return {
    SEED_DEMO: '1',
    JWT_SECRET: randomBytes(48).toString('base64'),
    CERTIFICATE_SIGNING_KEY: generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('base64'),
    APP_KEY_SECRET: randomBytes(32).toString('hex'),
  }
}

/**
 * The embedded database, then PostgreSQL when DATABASE_URL is set; with `instances` ≥ 2 (BENCH_INSTANCES)
 * also that many servers on one PostgreSQL database with the same secrets (issue 30), the load dealt
 * round robin, so the figures stand beside one instance's.
 */
export async function apiBench({ port, rps, seconds, connections, only, instances = 1 }) {
  const options = { rps, seconds, connections, only }
  const results = []
  const embedded = await startServer({ port, env: { DATABASE_URL: undefined } })
  try {
    results.push({ database: 'embedded (PGlite)', rows: await measure([embedded], options) })
  } finally {
    await embedded.stop()
  }
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    await withFreshDatabase(databaseUrl, async (url) => {
      const server = await startServer({ port, env: { DATABASE_URL: url, ...sharedSecrets() } })
      try {
        results.push({ database: 'PostgreSQL', rows: await measure([server], options) })
      } finally {
        await server.stop()
      }
    })
  }
  if (databaseUrl && instances >= 2) {
    await withFreshDatabase(databaseUrl, async (url) => {
      const env = { DATABASE_URL: url, ...sharedSecrets() }
      const servers = []
      try {
        // One after the other: the first migrates and seeds, the rest find it done.
        for (let i = 0; i < instances; i++) servers.push(await startServer({ port: port + i, env }))
        results.push({
          database: `PostgreSQL, ${instances} instances`,
          instances,
          rows: await measure(servers, options),
        })
      } finally {
        await Promise.all(servers.map((s) => s.stop()))
      }
    })
  }
  return results
}

/** Prints the figures and returns them as a markdown table for bench/results/latest.md. */
export function printApiBench(results, { rps, seconds, connections }) {
  const print = (line) => process.stdout.write(`${line}\n`)
  const steadyToo = rps > 0
  print(
    `\nAPI reads, ${seconds} s per run: requests/s at saturation (autocannon, ${connections} connections) as a share of /healthz's in the same run${steadyToo ? `, and latency at ${rps} requests/s` : ''}`,
  )
  print(
    `  budget (ARCHITECTURE §9): every read ≥ ${API_SHARE_BUDGET * 100}% of /healthz, p99 ≤ ${P99_BUDGET_MS} ms, 0 errors, on each database`,
  )
  const table = [
    `| database | endpoint | requests/s (${connections} connections) | share of /healthz | p50 / p99 there | server CPU per request |${steadyToo ? ` p50 / p99 at ${rps}/s |` : ''} errors | budget |`,
    `| --- | --- | --- | --- | --- | --- |${steadyToo ? ' --- |' : ''} --- | --- |`,
  ]
  let over = 0
  const onePostgres = results.find((r) => r.database === 'PostgreSQL')?.rows ?? []
  for (const { database, rows, instances } of results) {
    print(
      instances
        ? `  ${database} (connections dealt round robin; "×" is requests/s against one PostgreSQL instance above)`
        : `  ${database}`,
    )
    const ceiling = rows.find((r) => r.path === '/healthz')?.saturated?.perSecond
    for (const r of rows) {
      if (r.skipped) {
        print(`    ${r.name.padEnd(48)} skipped (${r.skipped})`)
        table.push(`| ${database} | ${r.name} | skipped: ${r.skipped} |`)
        continue
      }
      const s = r.saturated
      const c = r.steady
      const errors = s.errors + (c?.errors ?? 0)
      const share = ceiling ? s.perSecond / ceiling : NaN
      const isCeiling = r.path === '/healthz'
      const within = isCeiling || (share >= API_SHARE_BUDGET && s.p99 <= P99_BUDGET_MS && errors === 0)
      if (!within) over += 1
      const verdict = isCeiling ? 'ceiling' : within ? 'ok' : 'OVER BUDGET'
      const shareText = isCeiling ? '100%' : `${(share * 100).toFixed(0)}%`
      const single = instances ? onePostgres.find((o) => o.name === r.name)?.saturated : undefined
      const scaling = single ? `  ×${(s.perSecond / single.perSecond).toFixed(2)}` : ''
      const scalingCell = instances
        ? single
          ? ` (×${(s.perSecond / single.perSecond).toFixed(2)})`
          : ''
        : ''
      print(
        `    ${r.name.padEnd(48)} ${s.perSecond.toFixed(0).padStart(5)} req/s${scaling} ${shareText.padStart(5)}  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  CPU ${s.cpuMs.toFixed(2)} ms/req${c ? `  |  at ${rps}/s: p50 ${ms(c.p50)}  p99 ${ms(c.p99)}  max ${ms(c.max)}` : ''}  |  ${errors} errors  ${verdict}`,
      )
      table.push(
        `| ${database} | ${r.name} | ${s.perSecond.toFixed(0)}${scalingCell} | ${shareText} | ${ms(s.p50)} / ${ms(s.p99)} | ${s.cpuMs.toFixed(2)} ms |${c ? ` ${ms(c.p50)} / ${ms(c.p99)} |` : ''} ${errors} | ${verdict} |`,
      )
    }
  }
  print(over === 0 ? '  every read within budget' : `  ${over} reads over budget`)
  return table.join('\n')
}

/**
 * Reads while people sign in (issue 25): p99 of `GET /api/public/projects/` at `rps`, alone and while
 * `signInsPerSecond` sign-ins run (the demo client's right password, each from its own address through
 * a trusted proxy so the per-address limit does not answer them), on one embedded server at the
 * production hash cost. Hashing runs in the server's worker pool, so the reads should barely move;
 * sign-ins queue for the pool and their own latency shows it.
 */
const BENCH_PASSWORD = 'Bench-sign-in!2026-kestrel'

/** Registers `count` client accounts (four at a time, each from its own address) and answers their e-mails. */
async function registerBenchAccounts(baseUrl, count) {
  const stamp = Date.now().toString(36)
  const emails = Array.from({ length: count }, (_, i) => `bench-${stamp}-${i}@example.com`)
  for (let i = 0; i < emails.length; i += 4) {
    await Promise.all(
      emails.slice(i, i + 4).map(async (email, j) => {
        const response = await fetch(`${baseUrl}/api/client/auth/register/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.26.${i & 255}.${j + 1}` },
          body: JSON.stringify({
            email,
            first_name: 'Bench',
            last_name: `Client ${i + j}`,
            password: BENCH_PASSWORD,
            confirm_password: BENCH_PASSWORD,
            company_name: 'Bench Co',
            phone: '+1 555 0100',
            accept_terms: true,
          }),
        })
        if (response.status !== 201)
          throw new Error(`registering ${email}: ${response.status} ${await response.text()}`)
      }),
    )
  }
  return emails
}

export async function signInLoadBench({ port, rps, seconds, signInsPerSecond = 10 }) {
  const server = await startServer({ port, env: { DATABASE_URL: undefined, TRUST_PROXY: '1' } })
  try {
    const projects = `${server.baseUrl}/api/public/projects/`
    // Sign-ins spread over their own accounts, so each account has at most one in flight and the
    // per-account throttle (5 unchecked attempts) never answers 429 in place of a hashed check.
    const accounts = await registerBenchAccounts(server.baseUrl, signInsPerSecond * 4)
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
          body: JSON.stringify({ email: accounts[caller % accounts.length], password: BENCH_PASSWORD }),
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
