import fp from 'fastify-plugin'
import PgBoss from 'pg-boss'
import type { ExecuteSql } from '../db/client'
import { isDatabaseUnreachable } from '../lib/database-outage'

/** How often workers look for jobs and how retries back off (tests shorten them). */
export interface JobTiming {
  pollingIntervalSeconds: number
  /** First retry delay; doubles with every attempt (pg-boss `retryBackoff`). */
  retryDelaySeconds: number
  retryLimit: number
  /**
   * A job still active this long was claimed by an instance that died (killed, crashed, lost its
   * database): the maintenance pass hands it back to the queue as a retry.
   */
  expireInSeconds?: number
  /** How often one instance runs that maintenance (expiry, archiving). */
  maintenanceIntervalSeconds?: number
}

export const DEFAULT_JOB_TIMING: JobTiming = {
  pollingIntervalSeconds: 2,
  retryDelaySeconds: 30,
  retryLimit: 12,
  // Every job here takes seconds (a registrar call has a 30 s timeout); five minutes is far beyond that.
  expireInSeconds: 300,
  maintenanceIntervalSeconds: 120,
}

/**
 * On the embedded database every query runs on the one connection and on the event loop: workers poll
 * rarely there, and a job sent by this instance wakes its worker at once instead.
 */
export const EMBEDDED_JOB_TIMING: JobTiming = { ...DEFAULT_JOB_TIMING, pollingIntervalSeconds: 15 }

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>

interface Registration {
  name: string
  handler: JobHandler<never>
  cron: string | null
}

/**
 * The durable job queue (pg-boss, kept in the `pgboss` schema of our own database, ARCHITECTURE §5):
 * retries and scheduled work survive restarts and are shared safely by several server instances.
 * Modules declare their queues while the app is built (`define`), the queue starts when the app is
 * ready and stops (waiting for running jobs) when it closes.
 */
export class JobQueue {
  private readonly registrations: Registration[] = []
  private boss: PgBoss | null = null
  /** Each queue's worker in this instance, to wake when a job is sent to it. */
  private readonly workers = new Map<string, string>()
  private stopped = false

  constructor(
    private readonly executeSql: ExecuteSql,
    readonly timing: JobTiming,
    private readonly onError: (error: Error) => void,
  ) {}

  /** A queue with its worker; `cron` also sends it an empty job on that schedule (UTC). */
  define<T extends object>(name: string, handler: JobHandler<T>, options: { cron?: string } = {}): void {
    if (this.boss) throw new Error(`Queue ${name} was defined after the job queue started.`)
    this.registrations.push({ name, handler: handler as JobHandler<never>, cron: options.cron ?? null })
  }

  /** False before start, after stop, and in tests that do not start the queue. */
  get running(): boolean {
    return this.boss !== null
  }

  /** Adds a job; with `singletonKey` a job already waiting with that key is not added again. */
  async send(
    name: string,
    data: object,
    options: { singletonKey?: string; startAfterSeconds?: number } = {},
  ) {
    const boss = this.boss
    if (!boss) throw new Error('The job queue is not running.')
    const id = await boss.send(name, data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfterSeconds,
    })
    const worker = this.workers.get(name)
    if (id && worker && !options.startAfterSeconds) boss.notifyWorker(worker)
    return id
  }

  async start(): Promise<void> {
    if (this.boss || this.stopped) return
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.executeSql(text, values) },
      maintenanceIntervalSeconds:
        this.timing.maintenanceIntervalSeconds ?? DEFAULT_JOB_TIMING.maintenanceIntervalSeconds,
    })
    boss.on('error', (error) => this.onError(error))
    await boss.start()
    this.boss = boss
    for (const { name, handler, cron } of this.registrations) {
      const policy = {
        retryLimit: this.timing.retryLimit,
        retryDelay: this.timing.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: this.timing.expireInSeconds ?? DEFAULT_JOB_TIMING.expireInSeconds,
      }
      await boss.createQueue(name, { name, ...policy })
      // createQueue leaves an existing queue as it was: a changed policy reaches it only this way.
      await boss.updateQueue(name, { name, ...policy })
      const worker = await boss.work<object>(
        name,
        { pollingIntervalSeconds: this.timing.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await handler(job.data as never, { id: job.id, retryCount: job.retryCount })
        },
      )
      this.workers.set(name, worker)
      if (cron) await boss.schedule(name, cron)
    }
  }

  /** Stops fetching, waits for running jobs; the database stays open for the app to close. */
  async stop(): Promise<void> {
    this.stopped = true
    const boss = this.boss
    this.boss = null
    if (boss) await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
  }
}

/** Decorates `app.jobs`; the queue starts on ready and stops before the database closes. */
export default fp<{ executeSql: ExecuteSql; embedded: boolean; timing?: JobTiming | false | undefined }>(
  async (app, { executeSql, embedded, timing }) => {
    const defaults = embedded ? EMBEDDED_JOB_TIMING : DEFAULT_JOB_TIMING
    const jobs = new JobQueue(executeSql, timing || defaults, (error) => {
      // An unreachable database is logged once by the outage watch, not on every poll.
      if (!isDatabaseUnreachable(error)) app.log.error({ err: error }, 'job queue error')
    })
    app.decorate('jobs', jobs)
    // `false` (tests of other areas): the queue is not started; sends fail and are left to the sweep.
    if (timing === false) return
    app.addHook('onReady', async () => {
      await jobs.start()
    })
    // preClose runs before every onClose hook, so the database is still open while jobs finish.
    app.addHook('preClose', async () => {
      await jobs.stop()
    })
  },
  { name: 'jobs', dependencies: ['db'] },
)
