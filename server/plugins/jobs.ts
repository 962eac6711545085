import { createHash } from 'node:crypto'
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
  /** How long stop() waits for running jobs before the app may close the database (default 10 s). */
  stopTimeoutSeconds?: number
}

export const DEFAULT_JOB_TIMING: JobTiming = {
  pollingIntervalSeconds: 2,
  retryDelaySeconds: 30,
  retryLimit: 12,
  // Every job here takes seconds (a registrar call has a 30 s timeout); five minutes is far beyond that.
  expireInSeconds: 300,
  maintenanceIntervalSeconds: 120,
}

/** A job id (a UUID) derived from the queue and a key: the same key always names the same job. */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}:${key}`).digest('hex')
  // Version 5 and RFC 4122 variant bits, so it reads as a name-based UUID.
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`
}

/**
 * On the embedded database every query runs on the one connection and on the event loop: workers poll
 * rarely there, and a job sent by this instance wakes its worker at once instead.
 */
export const EMBEDDED_JOB_TIMING: JobTiming = { ...DEFAULT_JOB_TIMING, pollingIntervalSeconds: 15 }

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>

/** A job that used up its retries (or timed out), as the staff overview shows it. */
export interface FailedJob {
  id: string
  name: string
  error: string
  failedAt: Date | null
}

/** pg-boss's schema (its default); failed jobs stay in `job`, then move to `archive` for a week. */
const BOSS_SCHEMA = 'pgboss'

/** The message pg-boss stored for a failure: a serialised Error, `{value: …}` or anything else. */
function failureText(output: unknown): string {
  if (output && typeof output === 'object') {
    const o = output as { message?: unknown; value?: unknown }
    if (typeof o.message === 'string') return o.message
    if (o.value !== undefined) return failureText(o.value)
    return JSON.stringify(output)
  }
  return output === null || output === undefined ? '' : String(output)
}

/** Deadlock, or a duplicate made by the other instance between pg-boss's check and its insert. */
const RACE_CODES = new Set(['40P01', '23505', '42P07'])

/**
 * Instances starting together create the same queues at once, and pg-boss's createQueue (a table
 * partition per queue) can deadlock with itself: the loser tries again and finds the queue made.
 */
async function whileRacing<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step()
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (attempt >= attempts || typeof code !== 'string' || !RACE_CODES.has(code)) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt))
    }
  }
}

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
  /** Set once stop() is done: later queries of the queue (a job that outlived the stop) are dropped. */
  private detached = false

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

  /**
   * Adds a job. `singletonKey` only keeps one job per key in queues with a `short` policy (ours are
   * `standard`); `onceKey` names the job itself, so while a job of that key exists in the queue (waiting,
   * running, retrying or kept as completed) another send adds nothing and answers null.
   */
  async send(
    name: string,
    data: object,
    options: { singletonKey?: string; onceKey?: string; startAfterSeconds?: number } = {},
  ) {
    const boss = this.boss
    if (!boss) throw new Error('The job queue is not running.')
    const id = await boss.send(name, data, {
      id: options.onceKey === undefined ? undefined : jobIdFor(name, options.onceKey),
      singletonKey: options.singletonKey,
      startAfter: options.startAfterSeconds,
    })
    const worker = this.workers.get(name)
    if (id && worker && !options.startAfterSeconds) boss.notifyWorker(worker)
    return id
  }

  async start(): Promise<void> {
    if (this.boss || this.stopped) return
    const createBoss = () =>
      new PgBoss({
        db: {
          // A job still running when stop() gave up waiting must not touch a database the app has closed:
          // its result is never recorded (the statement never answers, as on a lost connection), so the job
          // expires and runs again (at least once) on the next start.
          executeSql: (text, values) =>
            this.detached ? new Promise<never>(() => {}) : this.executeSql(text, values),
        },
        maintenanceIntervalSeconds:
          this.timing.maintenanceIntervalSeconds ?? DEFAULT_JOB_TIMING.maintenanceIntervalSeconds,
      })
    // pg-boss creates its schema after checking it is missing: an instance starting alongside may
    // have made it in between. A fresh PgBoss then finds it there.
    const boss = await whileRacing(async () => {
      const attempt = createBoss()
      attempt.on('error', (error) => this.onError(error))
      await attempt.start()
      return attempt
    })
    this.boss = boss
    for (const { name, handler, cron } of this.registrations) {
      const policy = {
        retryLimit: this.timing.retryLimit,
        retryDelay: this.timing.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: this.timing.expireInSeconds ?? DEFAULT_JOB_TIMING.expireInSeconds,
      }
      await whileRacing(() => boss.createQueue(name, { name, ...policy }))
      // createQueue leaves an existing queue as it was: a changed policy reaches it only this way.
      await whileRacing(() => boss.updateQueue(name, { name, ...policy }))
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

  /**
   * Jobs in state `failed` (in the queue or its archive): how many, and the latest `limit` with their
   * error. Read from the database, so it works on any instance, whether or not its queue has started;
   * before pg-boss ever created its schema there are none.
   */
  async failures(limit: number): Promise<{ count: number; latest: FailedJob[] }> {
    const [ready] = (
      await this.executeSql(`select to_regclass('${BOSS_SCHEMA}.archive') is not null as ready`)
    ).rows as { ready: boolean }[]
    if (!ready?.ready) return { count: 0, latest: [] }
    const failed = `select id::text as id, name, output, completed_on from ${BOSS_SCHEMA}.job where state = 'failed'
      union all select id::text, name, output, completed_on from ${BOSS_SCHEMA}.archive where state = 'failed'`
    const [total] = (await this.executeSql(`select count(*)::int as count from (${failed}) f`)).rows as {
      count: number
    }[]
    const rows = (
      await this.executeSql(
        `select * from (${failed}) f order by completed_on desc nulls last, id desc limit $1`,
        [limit],
      )
    ).rows as { id: string; name: string; output: unknown; completed_on: Date | string | null }[]
    return {
      count: Number(total?.count ?? 0),
      latest: rows.map((r) => ({
        id: r.id,
        name: r.name,
        error: failureText(r.output).slice(0, 500),
        failedAt: r.completed_on === null ? null : new Date(r.completed_on),
      })),
    }
  }

  /** Stops fetching, waits for running jobs; the database stays open for the app to close. */
  async stop(): Promise<void> {
    this.stopped = true
    const boss = this.boss
    this.boss = null
    if (boss)
      await boss.stop({
        graceful: true,
        wait: true,
        close: false,
        timeout: (this.timing.stopTimeoutSeconds ?? 10) * 1000,
      })
    this.detached = true
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
