import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'

/** What drizzle's PGlite session and our code call on a transaction of the embedded database. */
export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string): Promise<Results[]>
  rollback(): Promise<void>
  readonly closed: boolean
}

/**
 * What drizzle's PGlite session (query with rowMode and parsers, transaction) and our code (exec,
 * listen, close, dumpDataDir) call on the embedded database: a PGlite instance has all of it, and so
 * has `PgliteThread`, which runs one in a worker thread.
 */
export interface EmbeddedClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string): Promise<Results[]>
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  dumpDataDir(compression?: 'none'): Promise<Blob>
  close(): Promise<void>
  readonly closed: boolean
}

interface ErrorDescription {
  name: string
  message: string
  stack?: string
  fields: Record<string, string | number | boolean | undefined>
}

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorDescription }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: ErrorDescription }

type Request =
  | { op: 'query'; tx?: number; text: string; params?: unknown[]; rowMode?: string; textOids: number[] }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' | 'close' }

/** The error as the database thread threw it: PostgreSQL's code, detail, constraint… kept. */
function rebuild(description: ErrorDescription): Error {
  const error = Object.assign(new Error(description.message), description.fields)
  if (description.stack) error.stack = `${description.stack}\n    (in the database thread)`
  return error
}

/**
 * The only parsers drizzle passes keep a value as PostgreSQL's text (dates, intervals, numeric[]…): a
 * function cannot cross to the thread, so the types they cover are sent and the thread does the same.
 */
function textTypes(options?: QueryOptions): number[] {
  return options?.parsers ? Object.keys(options.parsers).map(Number) : []
}

const closedError = (why?: string) => new Error(why ? `PGlite is closed (${why})` : 'PGlite is closed')

/**
 * The embedded database in a worker thread of its own: statements run there, so a slow one no longer
 * holds the event loop, and the second core does the database's work. One PGlite instance, one writer,
 * as before: PGlite itself queues statements behind an open transaction. Notifications are posted
 * before the answer of the statement that committed them, so a listener still runs before the writer's
 * query resolves (messages keep their order).
 */
export class PgliteThread implements EmbeddedClient {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private nextId = 1
  private stopped: Error | null = null

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply))
    worker.on('error', (error) => this.stop(closedError(`the database thread failed: ${error.message}`)))
    worker.on('exit', (code) => this.stop(closedError(`the database thread exited with code ${code}`)))
  }

  /**
   * Opens PGlite in a worker thread on `dataDir` (in memory without one), starting an empty one from
   * `loadDataDir`, a tar of a data directory, when given.
   */
  static async open(source: { dataDir?: string; loadDataDir?: Uint8Array }): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: source })
    const ready = await new Promise<Reply>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    if ('ready' in ready && ready.ready) return new PgliteThread(worker)
    await worker.terminate()
    throw 'error' in ready ? rebuild(ready.error) : new Error('the database thread did not start')
  }

  get closed(): boolean {
    return this.stopped !== null
  }

  private receive(reply: Reply): void {
    if ('notify' in reply) {
      for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload)
      return
    }
    if (!('id' in reply)) return
    const waiting = this.pending.get(reply.id)
    if (!waiting) return
    this.pending.delete(reply.id)
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(rebuild(reply.error))
  }

  private stop(error: Error): void {
    if (this.stopped) return
    this.stopped = error
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
  }

  /** Sends one request; answers its id (a transaction's id is its `begin`'s) and the reply. */
  private send<T>(request: Request): { id: number; reply: Promise<T> } {
    const id = this.nextId++
    if (this.stopped) return { id, reply: Promise.reject(this.stopped) }
    const reply = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
    })
    this.worker.postMessage({ ...request, id })
    return { id, reply }
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.send<Results<T>>({
      op: 'query',
      tx,
      text,
      params,
      rowMode: options?.rowMode,
      textOids: textTypes(options),
    }).reply
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.send<Results[]>({ op: 'exec', tx, text }).reply
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const begin = this.send<null>({ op: 'begin' })
    await begin.reply
    const tx = new ThreadTransaction(this, begin.id)
    let result: T
    try {
      result = await callback(tx)
    } catch (error) {
      tx.end()
      // The callback's error is the one to see; a failed rollback means the thread is gone anyway.
      await this.send({ op: 'end', tx: begin.id, commit: false }).reply.catch(() => undefined)
      throw error
    }
    const commit = !tx.rolledBack
    tx.end()
    await this.send({ op: 'end', tx: begin.id, commit }).reply
    return result
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.listeners.get(channel)
    if (!listeners) {
      listeners = new Set()
      this.listeners.set(channel, listeners)
      await this.send({ op: 'listen', channel }).reply
    }
    listeners.add(onPayload)
    return async () => {
      listeners.delete(onPayload)
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return
      this.listeners.delete(channel)
      if (!this.stopped) await this.send({ op: 'unlisten', channel }).reply
    }
  }

  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.send<Uint8Array<ArrayBuffer>>({ op: 'dump' }).reply
    return new Blob([bytes])
  }

  async close(): Promise<void> {
    if (this.stopped) return
    await this.send({ op: 'close' }).reply
    this.stop(closedError())
    await this.worker.terminate()
  }
}

/** A transaction open in the database thread: its statements go there under its id. */
class ThreadTransaction implements EmbeddedTransaction {
  rolledBack = false
  private ended = false

  constructor(
    private readonly thread: PgliteThread,
    private readonly id: number,
  ) {}

  get closed(): boolean {
    return this.ended || this.rolledBack
  }

  end(): void {
    this.ended = true
  }

  private check(): void {
    if (this.closed) throw new Error('Transaction is closed')
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    this.check()
    return this.thread.query<T>(text, params, options, this.id)
  }

  async exec(text: string): Promise<Results[]> {
    this.check()
    return this.thread.exec(text, this.id)
  }

  /** As PGlite's: nothing after it runs, and the transaction is not committed. */
  async rollback(): Promise<void> {
    this.check()
    this.rolledBack = true
  }
}
