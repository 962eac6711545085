// The assistant's figures: answer accuracy of the local answerer on the question table of
// tests/server/assistant-questions.ts, and its answer time over HTTP against the production build.
// Run alone with `node bench/assistant.mjs` (builds first if needed); prints figures, asserts nothing.
import { register } from 'tsx/esm/api'
import { ensureBuild } from '../scripts/ensure-build.mjs'
import { ms } from './lib/load.mjs'
import { startServer } from './lib/server.mjs'

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * Asks every table question `rounds` times, one at a time, from a different client address each time
 * (the server must trust X-Forwarded-For, or the per-IP limit of the endpoint answers 429).
 */
export async function assistantBench(baseUrl, { rounds = 5 } = {}) {
  const unregister = register()
  const table = await import('../tests/server/assistant-questions.ts')
  unregister()
  const cases = [
    ...table.answeredQuestions.map((q) => ({ ...q, fallback: false })),
    ...table.fallbackQuestions.map((question) => ({
      question,
      facts: table.FALLBACK_MARKERS,
      fallback: true,
    })),
  ]
  const times = []
  const wrong = new Map()
  let sent = 0
  for (let round = 0; round < rounds; round += 1) {
    for (const item of cases) {
      sent += 1
      const started = performance.now()
      const response = await fetch(`${baseUrl}/api/public/assistant/chat/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.77.${(sent >> 8) & 255}.${sent & 255}`,
        },
        body: JSON.stringify({ message: item.question, context: item.context, history: item.history }),
      })
      const body = await response.json()
      times.push(performance.now() - started)
      if (round > 0) continue
      const missing = response.ok ? table.containsAll(body.reply, item.facts) : ['HTTP ' + response.status]
      const uncited = item.source && !body.sources?.some((s) => s.url === item.source)
      if (missing.length > 0 || uncited)
        wrong.set(item.question, missing.length > 0 ? missing : [`source ${item.source}`])
    }
  }
  times.sort((a, b) => a - b)
  return {
    questions: cases.length,
    correct: cases.length - wrong.size,
    wrong,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  }
}

const print = (line) => process.stdout.write(`${line}\n`)

export function printAssistantBench(result) {
  const accuracy = ((100 * result.correct) / result.questions).toFixed(1)
  print(`\nAI assistant, local answerer (no AI_BASE_URL), POST /api/public/assistant/chat/ one at a time`)
  print(`  accuracy on the question table: ${result.correct}/${result.questions} (${accuracy}%)`)
  for (const [question, missing] of result.wrong)
    print(`    wrong: ${question} (missing ${missing.join(', ')})`)
  print(
    `  answer time over ${result.requests} requests: p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureBuild({ quiet: true })
  const server = await startServer({
    port: Number(process.env.BENCH_PORT ?? 8191),
    env: { TRUST_PROXY: '1', AI_BASE_URL: '', AI_MODEL: '', AI_API_KEY: '' },
  })
  try {
    printAssistantBench(
      await assistantBench(server.baseUrl, { rounds: Number(process.env.BENCH_ROUNDS ?? 5) }),
    )
  } finally {
    await server.stop()
  }
}
