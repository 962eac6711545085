// `npm run bench`: measures the budgets of ARCHITECTURE §9 and prints the figures. Nothing here passes
// or fails a test; the numbers go in the issue notes.
import { rmSync } from 'node:fs'
import { ensureBuild } from './ensure-build.mjs'
import { firstLoadJs, MARKETING_BUDGET_KB } from '../bench/first-load.mjs'
import { lighthouseBench, lighthouseTable } from '../bench/lighthouse.mjs'
import { CPU_SLOWDOWN, interactionBench, interactionTable } from '../bench/interaction.mjs'
import { machineLine, recordSection } from '../bench/lib/results.mjs'
import { ms } from '../bench/lib/load.mjs'
import { onPostgres } from '../bench/lib/postgres.mjs'
import { startServer } from '../bench/lib/server.mjs'
import { assistantBench, printAssistantBench } from '../bench/assistant.mjs'
import { offlineDashboard } from '../bench/offline-dashboard.mjs'
import { offlineBytes, printOfflineBytes } from '../bench/offline-bytes.mjs'
import { messagesBench, printMessagesBench } from '../bench/messages.mjs'
import { apiBench, printApiBench, printSignInLoadBench, signInLoadBench } from '../bench/api.mjs'
import {
  droppedNotificationsBench,
  paymentsBench,
  printDroppedNotificationsBench,
  printPaymentsBench,
} from '../bench/payments.mjs'

/** The benches by name (`npm run bench -- <name>...`); without names, all but `lighthouse` (`api` runs `sign-in-load`). */
const BENCHES = {
  'cold-start': 'spawn to /readyz on a fresh and on an existing data folder',
  messages: 'messages accepted at a constant rate and back to back (also PostgreSQL with DATABASE_URL)',
  api: 'API reads at saturation (also PostgreSQL; BENCH_INSTANCES=2: two instances round robin), then sign-in-load',
  'sign-in-load':
    'p99 of GET /api/public/projects/ alone and while 10 sign-ins/s run (BENCH_SIGNIN_READ_RPS, BENCH_SIGNINS_PER_SECOND)',
  'first-load': 'gzipped JavaScript of a first visit per page',
  interaction: 'a press on a prerendered page, from the held scripts arriving to the answer',
  lighthouse:
    'Lighthouse, 5 runs per page and preset (LIGHTHOUSE_RUNS, LIGHTHOUSE_PAGES, LIGHTHOUSE_PRESETS)',
  payments:
    'gateway notifications handled at a constant rate (also PostgreSQL), then every notification dropped (BENCH_DROPPED_ORDERS, BENCH_RECONCILE_AFTER_S)',
  assistant: "the assistant's accuracy per intent and its answer time",
  offline: 'bytes of a first visit and the dashboard drawn from the offline cache',
}
const only = process.argv.slice(2)
const unknown = only.filter((name) => !(name in BENCHES))
if (unknown.length > 0) {
  if (!unknown.every((name) => name === '--help' || name === '-h'))
    console.error(`Unknown bench: ${unknown.join(', ')}`)
  console.log('npm run bench -- [name...]   (BENCH_PORT chooses the port, BENCH_SECONDS the length of a run)')
  for (const [name, what] of Object.entries(BENCHES)) console.log(`  ${name.padEnd(13)} ${what}`)
  process.exit(unknown.every((name) => name === '--help' || name === '-h') ? 0 : 1)
}
const wanted = (name) => only.length === 0 || only.includes(name)
const port = Number(process.env.BENCH_PORT ?? 8190)

await ensureBuild({ quiet: true })

if (wanted('cold-start')) {
  const fresh = await startServer({ port })
  const dataDir = fresh.dataDir
  await fresh.stop({ keepData: true })
  const warm = await startServer({ port, dataDir })
  await warm.stop({ keepData: true })
  rmSync(dataDir, { recursive: true, force: true })
  console.log(`\nCold start (spawn → /readyz answers)`)
  console.log(`  fresh data folder (migrate + seed): ${ms(fresh.readyMs)}`)
  console.log(`  existing data folder:               ${ms(warm.readyMs)}`)
}

// Messages run on their own servers (the embedded database, then PostgreSQL when DATABASE_URL is set).
if (wanted('messages')) {
  const options = {
    rps: Number(process.env.BENCH_MESSAGES_RPS ?? 100),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  }
  printMessagesBench(await messagesBench({ port, ...options }), options)
}
// API reads run on their own servers too, so the embedded figures never depend on DATABASE_URL.
if (wanted('api')) {
  // BENCH_RPS adds a run at that fixed rate per read (latency without saturation); BENCH_ONLY="wallet
  // tickets" narrows the reads (/healthz is always measured: the shares are of it).
  const options = {
    rps: Number(process.env.BENCH_RPS ?? 0),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
    only: process.env.BENCH_ONLY?.split(/[\s,]+/).filter(Boolean),
    // BENCH_INSTANCES=2 (with DATABASE_URL) adds two servers on one PostgreSQL database, dealt round robin.
    instances: Number(process.env.BENCH_INSTANCES ?? 1),
  }
  const table = printApiBench(await apiBench({ port, ...options }), options)
  recordSection('API reads', `${machineLine()} · ${options.seconds} s per run\n\n${table}`)
}
// Part of `api`; also on its own, as the API reads take minutes before it.
if (wanted('api') || only.includes('sign-in-load')) {
  const signIns = printSignInLoadBench(
    await signInLoadBench({
      port,
      rps: Number(process.env.BENCH_SIGNIN_READ_RPS ?? 100),
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      signInsPerSecond: Number(process.env.BENCH_SIGNINS_PER_SECOND ?? 10),
    }),
  )
  recordSection('Reads during sign-ins', `${machineLine()} · production hash cost\n\n${signIns}`)
}
const ownServers = ['messages', 'cold-start', 'api', 'sign-in-load']
if (only.length > 0 && only.every((name) => ownServers.includes(name))) process.exit(0)

// TRUST_PROXY lets the assistant bench ask from many addresses without meeting the per-IP limit.
// DATABASE_URL is for the PostgreSQL runs below: this server is the embedded database's.
const server = await startServer({
  port,
  env: { TRUST_PROXY: '1', AI_BASE_URL: '', AI_MODEL: '', AI_API_KEY: '', DATABASE_URL: undefined },
})
try {
  if (wanted('first-load')) {
    console.log(
      `\nFirst-load JavaScript (gzip, all scripts fetched until network idle; budget for a marketing page: ${MARKETING_BUDGET_KB} KB)`,
    )
    console.log(
      `  ${'page'.padEnd(12)}   ${'shows'.padEnd(12)} ${'first load'.padEnd(22)} after the first interaction`,
    )
    const rows = []
    for (const r of await firstLoadJs(server.baseUrl)) {
      // The budget is a marketing page's: /dashboard arrives empty and starts the app at once, whether the
      // bench stops on it or on the sign-in page the app sends a visitor to.
      const over = r.page !== '/dashboard' && r.gzipKb > MARKETING_BUDGET_KB ? '  over budget' : ''
      console.log(
        `  ${r.page.padEnd(12)} → ${r.finalPath.padEnd(12)} ${`${r.scripts} scripts, ${r.gzipKb.toFixed(1)} KB`.padEnd(22)} ${r.interactedScripts} scripts, ${r.interactedGzipKb.toFixed(1)} KB${over}`,
      )
      rows.push(
        `| ${r.page} | ${r.finalPath} | ${r.scripts} | ${r.gzipKb.toFixed(1)} KB | ${r.interactedGzipKb.toFixed(1)} KB |`,
      )
    }
    recordSection(
      'First-load JavaScript',
      [
        `${machineLine()} · gzip, scripts fetched until network idle (budget for a marketing page: ${MARKETING_BUDGET_KB} KB)`,
        '',
        '| page | shows | scripts | first load | after the first interaction |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    )
  }

  if (wanted('interaction')) {
    const runs = Number(process.env.INTERACTION_RUNS ?? 5)
    console.log(
      `\nInteraction on a prerendered page: app scripts held back, the visitor acts, scripts released; time from their release to the first frame that answers the action and to the one that shows its result; "before the scripts": answered without them; also the answer from the visitor's first press or key, as the page saw it (${CPU_SLOWDOWN}× CPU slowdown, ${runs} runs; goal: 200 ms)`,
    )
    const table = interactionTable(
      await interactionBench(server.baseUrl, { runs, log: (line) => console.log(line) }),
    )
    console.log(`\n${table}`)
    recordSection(
      'Interaction',
      `${machineLine()} · Chromium, ${CPU_SLOWDOWN}× CPU slowdown, ${runs} runs per action; times from the release of the held app scripts to the first frame that answers the action and to the one that shows its result; "before the scripts": answered without them; also the answer from the visitor's first press or key, as the page saw it (goal: answered within 200 ms of their arrival)\n\n${table}`,
    )
  }

  // Not part of a bare `npm run bench` (it takes minutes): `npm run bench -- lighthouse`.
  if (only.includes('lighthouse')) {
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5)
    console.log(
      `\nLighthouse, ${runs} runs per page and preset (budget: mobile performance ≥ 95, TBT ≤ 200 ms, LCP ≤ 2.0 s, CLS ≤ 0.02)`,
    )
    // LIGHTHOUSE_PAGES="/ /login" and LIGHTHOUSE_PRESETS=mobile narrow a run.
    const list = (value) => value?.split(/[\s,]+/).filter(Boolean)
    const results = await lighthouseBench(server.baseUrl, {
      runs,
      log: (line) => console.log(line),
      ...(list(process.env.LIGHTHOUSE_PAGES) ? { pages: list(process.env.LIGHTHOUSE_PAGES) } : {}),
      ...(list(process.env.LIGHTHOUSE_PRESETS) ? { presets: list(process.env.LIGHTHOUSE_PRESETS) } : {}),
    })
    const table = lighthouseTable(results)
    console.log(`\n${table}`)
    recordSection(
      'Lighthouse',
      `${machineLine()} · Lighthouse 12.8.2, Chromium, ${runs} runs per page and preset, medians\n\n${table}`,
    )
    console.log('\nRecorded in bench/results/latest.md (the run before is in bench/results/previous.md).')
  }

  if (wanted('payments')) {
    const options = {
      rps: Number(process.env.BENCH_PAYMENTS_RPS ?? 100),
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
    }
    printPaymentsBench(await paymentsBench(server, options), options)
  }

  if (wanted('assistant')) {
    printAssistantBench(
      await assistantBench(server.baseUrl, { rounds: Number(process.env.BENCH_ROUNDS ?? 5) }),
    )
  }

  if (wanted('offline')) {
    printOfflineBytes(await offlineBytes(server.baseUrl))
    const r = await offlineDashboard(server.baseUrl)
    console.log(
      `\nDashboard from the offline cache after a reload (budget: 1 s): median ${r.medianMs} ms, max ${r.maxMs} ms over ${r.runs} reloads`,
    )
  }
} finally {
  await server.stop()
}

// Payments on PostgreSQL, on a server of their own (after the embedded one has stopped: one port).
if (wanted('payments') && process.env.DATABASE_URL) {
  const options = {
    rps: Number(process.env.BENCH_PAYMENTS_RPS ?? 100),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  }
  const results = await onPostgres(process.env.DATABASE_URL, port, (pgServer, jwtSecret) =>
    paymentsBench(pgServer, { ...options, jwtSecret }),
  )
  printPaymentsBench(results, { ...options, database: 'PostgreSQL' })
}

// Every notification dropped: reconciliation alone fulfils the paid checkouts, on a server of its own that
// asks the gateway BENCH_RECONCILE_AFTER_S (default 10) after a checkout starts.
if (wanted('payments')) {
  const reconcileAfterSeconds = Number(process.env.BENCH_RECONCILE_AFTER_S ?? 10)
  const dropped = await startServer({
    port,
    env: { PAYMENTS_RECONCILE_AFTER_S: String(reconcileAfterSeconds), DATABASE_URL: undefined },
  })
  try {
    printDroppedNotificationsBench(
      await droppedNotificationsBench(dropped, {
        orders: Number(process.env.BENCH_DROPPED_ORDERS ?? 100),
        reconcileAfterSeconds,
      }),
    )
  } finally {
    await dropped.stop()
  }
}
