// The assistant's figures: answer accuracy of the local answerer on the question table of
// tests/server/assistant-questions.ts and on the generated evaluation set of tests/server/assistant-eval.ts
// (per intent and overall), and its answer time over HTTP against the production build.
// Run alone with `node bench/assistant.mjs` (builds first if needed); prints figures, asserts nothing.
import { register } from 'tsx/esm/api'
import { ensureBuild } from '../scripts/ensure-build.mjs'
import { ms } from './lib/load.mjs'
import { startServer } from './lib/server.mjs'

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

let sent = 0

/** One question over HTTP, each from its own client address (the server must trust X-Forwarded-For). */
async function ask(baseUrl, body) {
  sent += 1
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/public/assistant/chat/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${(sent >> 8) & 255}.${sent & 255}`,
    },
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  return { ok: response.ok, status: response.status, answer, ms: performance.now() - started }
}

const latency = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  }
}

/** The hand-written table, asked `rounds` times (the first round is scored). */
async function tableBench(baseUrl, table, rounds) {
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
  for (let round = 0; round < rounds; round += 1) {
    for (const item of cases) {
      const result = await ask(baseUrl, {
        message: item.question,
        context: item.context,
        history: item.history,
      })
      times.push(result.ms)
      if (round > 0) continue
      const missing = result.ok
        ? table.containsAll(result.answer.reply, item.facts)
        : [`HTTP ${result.status}`]
      const uncited = item.source && !result.answer.sources?.some((s) => s.url === item.source)
      if (missing.length > 0 || uncited)
        wrong.set(item.question, missing.length > 0 ? missing : [`source ${item.source}`])
    }
  }
  return { questions: cases.length, correct: cases.length - wrong.size, wrong, ...latency(times) }
}

/** The generated set, each question asked once on its page. */
async function evaluationBench(baseUrl, evaluation) {
  const results = []
  for (const item of evaluation.evaluationSet()) {
    const result = await ask(baseUrl, { message: item.question, page: item.page, context: item.context })
    const check = result.ok
      ? evaluation.checkReply(result.answer.reply, item)
      : { missing: [`HTTP ${result.status}`], forbidden: [] }
    const correct = check.missing.length === 0 && check.forbidden.length === 0
    results.push({ ...item, ...check, correct, reply: result.answer.reply ?? '', ms: result.ms })
  }
  return {
    questions: results.length,
    correct: results.filter((r) => r.correct).length,
    byIntent: evaluation.scoreBy(results, (r) => r.intent),
    byGiven: evaluation.scoreBy(results, (r) => r.given),
    wrong: results.filter((r) => !r.correct),
    ...latency(results.map((r) => r.ms)),
  }
}

export async function assistantBench(baseUrl, { rounds = 5 } = {}) {
  const unregister = register()
  const table = await import('../tests/server/assistant-questions.ts')
  const evaluation = await import('../tests/server/assistant-eval.ts')
  unregister()
  return {
    table: await tableBench(baseUrl, table, rounds),
    evaluation: await evaluationBench(baseUrl, evaluation),
  }
}

const print = (line) => process.stdout.write(`${line}\n`)
const percent = (correct, asked) => `${((100 * correct) / asked).toFixed(1)}%`
const timing = (r) => `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)} over ${r.requests} requests`

export function printAssistantBench(
  { table, evaluation },
  { examples = Number(process.env.BENCH_EXAMPLES ?? 3) } = {},
) {
  print(`\nAI assistant, local answerer (no AI_BASE_URL), POST /api/public/assistant/chat/ one at a time`)
  print(`  question table: ${table.correct}/${table.questions} (${percent(table.correct, table.questions)})`)
  for (const [question, missing] of table.wrong)
    print(`    wrong: ${question} (missing ${missing.join(', ')})`)
  print(`  question table answer time: ${timing(table)}`)
  print(
    `  generated set: ${evaluation.correct}/${evaluation.questions} (${percent(evaluation.correct, evaluation.questions)})`,
  )
  for (const s of evaluation.byIntent) {
    print(`    ${s.group.padEnd(14)} ${percent(s.correct, s.asked).padStart(6)}  ${s.correct}/${s.asked}`)
  }
  print('  by how the subject is given:')
  for (const s of evaluation.byGiven) {
    print(`    ${s.group.padEnd(14)} ${percent(s.correct, s.asked).padStart(6)}  ${s.correct}/${s.asked}`)
  }
  print(`  generated set answer time: ${timing(evaluation)}`)
  if (examples > 0 && evaluation.wrong.length > 0) {
    print(`  wrong answers (up to ${examples} per intent):`)
    const shown = new Map()
    for (const r of evaluation.wrong) {
      const count = shown.get(r.intent) ?? 0
      if (count >= examples) continue
      shown.set(r.intent, count + 1)
      const problem = [
        r.missing.length > 0 ? `missing ${r.missing.join(', ')}` : '',
        r.forbidden.length > 0 ? `wrongly says ${r.forbidden.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')
      print(`    [${r.intent}] "${r.question}" on ${r.page}: ${problem}`)
      print(`      → ${r.reply.slice(0, 160).replace(/\s+/g, ' ')}`)
    }
  }
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
