// The embedded database's own thread: it owns the PGlite instance and answers the messages of
// `PgliteThread` (server/db/pglite-thread.ts). Plain JavaScript so that it starts the same way under
// the bundle, tsx and vitest (a worker gets none of their TypeScript loaders on Node 20).
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const port = parentPort
if (!port) throw new Error('pglite-worker.mjs runs only as a worker thread')

/** Parsers that leave a value as PostgreSQL's text (drizzle's, for dates, intervals and numeric[]). */
const asText = (oids) => Object.fromEntries((oids ?? []).map((oid) => [oid, (value) => value]))

/** Own fields of a PostgreSQL error (code, detail, constraint…) cross the thread with the message. */
function describe(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return { name: error.name, message: error.message, stack: error.stack, fields }
}

const reply = (id, value) => port.postMessage({ id, ok: true, value })
const fail = (id, error) => port.postMessage({ id, ok: false, error: describe(error) })

let pg
try {
  const { dataDir, loadDataDir } = workerData ?? {}
  pg = await PGlite.create(dataDir, loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {})
  port.postMessage({ ready: true })
} catch (error) {
  port.postMessage({ ready: false, error: describe(error) })
  process.exit(1)
}

/** Open transactions by the id of their `begin` message: the PGlite transaction and how to end it. */
const transactions = new Map()
const unlisteners = new Map()

const target = (tx) => {
  if (tx === undefined) return pg
  const open = transactions.get(tx)
  if (!open) throw new Error('The transaction has already ended.')
  return open.tx
}

/** PGlite runs one transaction at a time and holds every other statement until it ends. */
function begin(id) {
  let end
  const ended = new Promise((resolve) => (end = resolve))
  let endId
  pg.transaction(async (tx) => {
    transactions.set(id, { tx, end })
    reply(id, null)
    const { commit, replyTo } = await ended
    endId = replyTo
    if (!commit) await tx.rollback()
  }).then(
    () => {
      transactions.delete(id)
      reply(endId ?? id, null)
    },
    (error) => {
      transactions.delete(id)
      fail(endId ?? id, error)
    },
  )
}

const handlers = {
  query: (m) => target(m.tx).query(m.text, m.params, { rowMode: m.rowMode, parsers: asText(m.textOids) }),
  exec: (m) => target(m.tx).exec(m.text),
  listen: async (m) => {
    if (!unlisteners.has(m.channel)) {
      unlisteners.set(
        m.channel,
        await pg.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload })),
      )
    }
    return null
  },
  unlisten: async (m) => {
    const unlisten = unlisteners.get(m.channel)
    unlisteners.delete(m.channel)
    if (unlisten) await unlisten()
    return null
  },
  dump: async () => new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()),
  close: async () => {
    if (!pg.closed) await pg.close()
    return null
  },
}

port.on('message', (m) => {
  if (m.op === 'begin') return begin(m.id)
  if (m.op === 'end') {
    const open = transactions.get(m.tx)
    if (!open) return fail(m.id, new Error('The transaction has already ended.'))
    return open.end({ commit: m.commit, replyTo: m.id })
  }
  const handler = handlers[m.op]
  if (!handler) return fail(m.id, new Error(`unknown database message ${m.op}`))
  Promise.resolve()
    .then(() => handler(m))
    .then(
      (value) => reply(m.id, value),
      (error) => fail(m.id, error),
    )
})
