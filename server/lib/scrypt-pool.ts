import type { ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/**
 * The worker's whole program, evaluated from this string so the bundled server and the TypeScript tests
 * run the same code without a separate worker file to build or find. One scrypt at a time per worker.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options)
    parentPort.postMessage({ id, key })
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) })
  }
})
`

interface Job {
  id: number
  message: { id: number; password: string; salt: Uint8Array; keyLength: number; options: ScryptOptions }
  resolve: (key: Buffer) => void
  reject: (error: Error) => void
}

interface Slot {
  worker: Worker
  job: Job | null
}

/**
 * Password hashing off the event loop and off libuv's thread pool: scrypt at N=2^17 takes 128 MB and
 * seconds of CPU here, and Node's async scrypt would hold libuv threads that file reads and compression
 * need too. A fixed set of worker threads (one fewer than the cores, at least one, so one core is left
 * for the API) takes the jobs in order; a burst of sign-ins waits its turn instead of stalling everyone.
 */
export class ScryptPool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 1

  constructor(readonly size = Math.max(1, availableParallelism() - 1)) {}

  hash(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++
      this.queue.push({ id, message: { id, password, salt, keyLength, options }, resolve, reject })
      this.pump()
    })
  }

  /** Jobs waiting for a worker (for logs and benches). */
  get waiting(): number {
    return this.queue.length
  }

  private pump() {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn()
      if (!slot) return
      const job = this.queue.shift()
      if (!job) return
      slot.job = job
      // A running hash keeps the process alive (a script may await nothing else); an idle worker does not.
      slot.worker.ref()
      slot.worker.postMessage(job.message)
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null
    const worker = new Worker(WORKER_SOURCE, { eval: true })
    // Idle workers must not keep a stopping process (or a test run) alive.
    worker.unref()
    const slot: Slot = { worker, job: null }
    worker.on('message', (answer: { id: number; key?: Uint8Array; error?: string }) => {
      const job = slot.job
      slot.job = null
      worker.unref()
      if (job && job.id === answer.id) {
        if (answer.key) job.resolve(Buffer.from(answer.key))
        else job.reject(new Error(answer.error ?? 'scrypt failed'))
      }
      this.pump()
    })
    // A worker that dies (out of memory) fails its job and is replaced by the next job's spawn.
    worker.on('error', (error) => this.retire(slot, error))
    worker.on('exit', (code) => this.retire(slot, new Error(`scrypt worker exited with code ${code}`)))
    this.slots.push(slot)
    return slot
  }

  private retire(slot: Slot, error: Error) {
    const index = this.slots.indexOf(slot)
    if (index === -1) return
    this.slots.splice(index, 1)
    slot.job?.reject(error)
    slot.job = null
    this.pump()
  }
}
