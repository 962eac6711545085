import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { DatabaseHandle } from '../db/types'
import * as schema from '../db/schema'

/** The channel of the data_change triggers: each payload is the name of a table a statement changed. */
export const DATA_CHANGE_CHANNEL = 'data_change'
/** At most this many kept answers, and this many characters in all: past either, all are dropped. */
const MAX_ANSWERS = 10_000
const MAX_CHARS = 32 * 1024 * 1024
/** Any fixed number: the advisory lock held while the change triggers are installed. */
const TRIGGERS_LOCK_KEY = 7_301_532
/** Without change announcements (PostgreSQL's listening connection down), how long a public answer is kept. */
const PUBLIC_ANSWER_TTL_MS = 30_000

const TABLE_NAMES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])),
)

/** What a read being recorded touched: the tables its statements named, and when its answer goes stale. */
export interface Recording {
  tables: Set<string>
  /** Milliseconds since the epoch at which the answer changes by itself (a deadline passing). */
  until: number
}
const recording = new AsyncLocalStorage<Recording>()

/**
 * Called by the embedded database's driver for every statement it runs: a read being recorded depends on
 * every table its statements name (a word that is a table name counts, so a column or alias spelt like a
 * table only costs a needless drop, never a stale answer).
 */
export function noteStatement(sql: string): void {
  const current = recording.getStore()
  // A kept read that writes (expiring what is due as it reads) usually changes nothing, and its own
  // answer already holds what it wrote: its writes are left to the triggers' announcement, or such a
  // read would drop its own table, and so its own answer, every time.
  const writes = !current && localWrites.size > 0 && WRITE_STATEMENT.test(sql)
  if (!current && !writes) return
  for (const [word] of sql.matchAll(/[a-z_][a-z0-9_]*/g)) {
    if (!TABLE_NAMES.has(word)) continue
    current?.tables.add(word)
    if (writes) for (const observer of localWrites) observer(word)
  }
}

/** A statement that may change rows (drizzle writes its statements in lower case). */
const WRITE_STATEMENT = /^\s*(?:with\b[\s\S]*\b)?(?:insert|update|delete|truncate)\b/i
/**
 * Told of every table a write statement of this process names, as it is sent (PostgreSQL: the change's
 * own announcement arrives after the commit, a moment after the writer's answer).
 */
const localWrites = new Set<(table: string) => void>()

/** Whether a read being kept is running: work only a kept answer needs is done then. */
export function isRecording(): boolean {
  return recording.getStore() !== undefined
}

/**
 * A read's answer changes by itself at `at` (a ticket falls overdue, a domain expires, the analytics
 * window moves at midnight): a kept answer is not served from then on. No-op outside a kept read.
 */
export function answerChangesAt(at: Date | number): void {
  const current = recording.getStore()
  if (!current) return
  const time = typeof at === 'number' ? at : at.getTime()
  if (time < current.until) current.until = time
}

/**
 * A read kept in a cache of its own (the dashboard's figures per user): runs `read`, answering the tables
 * its statements named and the deadline it noted, so that the cache can name them again with
 * `readFrom` each time it serves the value. Both also count for a kept read around this one. For reads
 * only: a write inside is not announced early on PostgreSQL.
 */
export async function readRecorded<T>(read: () => Promise<T>): Promise<{ value: T; read: Recording }> {
  const outer = recording.getStore()
  const inner: Recording = { tables: new Set(), until: Number.POSITIVE_INFINITY }
  const value = await recording.run(inner, read)
  if (outer) readFrom(inner)
  return { value, read: inner }
}

/** A value served from a cache of its own was read as `readRecorded` answered: a kept read depends on it too. */
export function readFrom(read: Recording): void {
  const current = recording.getStore()
  if (!current) return
  for (const table of read.tables) current.tables.add(table)
  if (read.until < current.until) current.until = read.until
}

interface KeptAnswer {
  /** The encoded answer, or a value kept by `remember`. */
  body: unknown
  /** Characters the answer holds (counted against MAX_CHARS). */
  size: number
  tables: string[]
  /** The change clock when the read began: a table changed after it makes the answer stale. */
  clock: number
  until: number
}

/**
 * Answers of GET routes kept per caller and URL until a table they read changes (issue 31). On the
 * embedded database, triggers on every table (installed by `listen`) name each table a statement
 * changed, and PGlite calls the listener as the write commits, before the writer's query resolves: no
 * read that starts after a write is answered from before it, whichever code wrote (routes, jobs, the
 * seed, webhooks). Each kept answer records the tables its statements named, so a write drops only the
 * answers that read that table. Answers are never shared between callers: the key is the signed-in
 * user (id and role) or "anyone" for a public route, and the URL. On PostgreSQL the same triggers
 * announce every instance's writes (and any other client's) on a listening connection after each commit,
 * and this process's own writes are noted as they are sent, so its next read never sees its answer from
 * before (a read by another instance may, for the moment the announcement takes to arrive).
 */
export class DataVersions {
  private readonly answers = new Map<string, KeptAnswer>()
  private readonly changedAt = new Map<string, number>()
  private clock = 0
  private chars = 0
  private listening = false

  /**
   * Installs the triggers and starts listening. On PostgreSQL the announcements come on a connection of
   * their own after each commit, from every instance: while that connection is down nothing is kept
   * but public content for 30 s (as without announcements), and everything kept is dropped when it
   * comes back, since announcements may have been missed.
   */
  async listen(database: DatabaseHandle): Promise<void> {
    if (!database.listen) return
    await installTriggers(database)
    await database.listen(
      DATA_CHANGE_CHANNEL,
      (table) => this.changed(table),
      (listening) => {
        this.forgetAll()
        this.listening = listening
      },
    )
    if (database.kind === 'pglite') await database.executeSql(`set cypher.change_notify = 'on'`)
    else {
      const observer = (table: string) => this.changed(table)
      localWrites.add(observer)
      this.stopObserving = () => localWrites.delete(observer)
    }
    this.listening = true
  }

  /** Stops hearing this process's writes (the app closes). */
  close(): void {
    this.stopObserving?.()
    this.listening = false
    this.forgetAll()
  }

  private stopObserving: (() => void) | undefined

  private forgetAll(): void {
    this.answers.clear()
    this.chars = 0
  }

  get keeping(): boolean {
    return this.listening
  }

  changed(table: string): void {
    this.clock += 1
    this.changedAt.set(table, this.clock)
  }

  /**
   * Wraps a GET handler (a route with `config: { keepAnswer: true }`) that returns its answer: the answer is encoded through the route's response
   * schema once and kept for the same caller and URL until a table it read changes or a deadline it
   * noted passes. Handlers that send their own reply are answered as they send it and never kept.
   */
  keep(handler: RouteHandlerMethod): RouteHandlerMethod {
    const serve = (instance: FastifyInstance, request: FastifyRequest, reply: FastifyReply) =>
      this.serve(handler, instance, request, reply)
    return function keptRead(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return serve(this, request, reply)
    }
  }

  private async serve(
    handler: RouteHandlerMethod,
    instance: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> {
    const caller = request.caller
    const anyone = !caller && !request.headers.authorization
    if (!this.listening && !anyone) return handler.call(instance, request, reply)
    const key = `${caller ? `${caller.role}:${caller.userId}` : 'anyone'} ${request.url}`
    const kept = this.answers.get(key)
    if (kept && this.fresh(kept, Date.now())) return sendJson(reply, kept.body as string)
    if (kept) this.drop(key, kept)
    const { value, started, clock } = await this.record(() => handler.call(instance, request, reply))
    if (reply.sent || value === reply) return value
    const body: unknown = reply.serialize(value)
    if (typeof body !== 'string') return reply.send(value)
    const answer: KeptAnswer = {
      body,
      size: body.length,
      tables: [...started.tables],
      clock,
      until: started.until,
    }
    // A change committed while the read ran may not be in it: keep nothing then.
    if (reply.statusCode === 200 && this.fresh(answer, Date.now())) this.store(key, answer)
    return sendJson(reply, body)
  }

  /**
   * Keeps what `read` makes from public content (never one caller's) under `key` until a table it read
   * changes or a deadline it noted passes, as answers are kept: for a read whose answer is the same for
   * everyone but a figure added per request (a blog post and its views). `size` says how many characters
   * a value holds, or null when it is not to be kept (a post not found: it may be scheduled).
   */
  async remember<T>(key: string, read: () => Promise<T>, size: (value: T) => number | null): Promise<T> {
    const publicKey = `anyone ${key}`
    const kept = this.answers.get(publicKey)
    if (kept && this.fresh(kept, Date.now())) return kept.body as T
    if (kept) this.drop(publicKey, kept)
    const { value, started, clock } = await this.record(read)
    const chars = size(value)
    if (chars === null) return value
    const answer: KeptAnswer = {
      body: value,
      size: chars,
      tables: [...started.tables],
      clock,
      until: started.until,
    }
    if (this.fresh(answer, Date.now())) this.store(publicKey, answer)
    return value
  }

  /** Runs a read while recording the tables it names and the deadlines it notes. */
  private async record<T>(
    read: () => T | Promise<T>,
  ): Promise<{ value: T; started: Recording; clock: number }> {
    // Without announcements (PostgreSQL), only public content is kept, as the portfolio is: until staff
    // change content on this instance (forgetPublic) or, for changes made elsewhere, for 30 s.
    const until = this.listening ? Number.POSITIVE_INFINITY : Date.now() + PUBLIC_ANSWER_TTL_MS
    const started: Recording = { tables: new Set(), until }
    const clock = this.clock
    const value = await recording.run(started, read)
    return { value, started, clock }
  }

  /** Staff changed public content: its kept answers go (on PostgreSQL the only notice this instance gets). */
  forgetPublic(): void {
    for (const [key, answer] of this.answers) if (key.startsWith('anyone ')) this.drop(key, answer)
  }

  private fresh(answer: KeptAnswer, now: number): boolean {
    if (now >= answer.until) return false
    for (const table of answer.tables) if ((this.changedAt.get(table) ?? 0) > answer.clock) return false
    return true
  }

  private store(key: string, answer: KeptAnswer): void {
    if (this.answers.size >= MAX_ANSWERS || this.chars + answer.size > MAX_CHARS) {
      this.answers.clear()
      this.chars = 0
    }
    const previous = this.answers.get(key)
    if (previous) this.drop(key, previous)
    this.answers.set(key, answer)
    this.chars += answer.size
  }

  private drop(key: string, answer: KeptAnswer): void {
    this.answers.delete(key)
    this.chars -= answer.size
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET whose answer `DataVersions` keeps per caller and URL until a table it read changes. */
    keepAnswer?: boolean
  }
}

/** Sends JSON already encoded (through the route's response schema) as it is. */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body)
}

/**
 * Statement-level triggers on every table (so a read is never kept on a table nobody watches), silent
 * where a session set cypher.change_notify to 'off' (a test of what an unannounced write does), and silent for a
 * statement that changed no row (an UPDATE that matched nothing, as "expire what is due" reads do):
 * each looks at its transition table, which needs one trigger per event. Installed at start rather than
 * by a migration: tables added later get theirs on the next start.
 */
async function installTriggers(database: DatabaseHandle): Promise<void> {
  // One implicit transaction; instances starting together take turns (concurrent CREATE OR REPLACE of
  // one trigger fails), however long the other takes.
  await database.executeSql(`
    SET LOCAL statement_timeout = 0;
    SELECT pg_advisory_xact_lock(${TRIGGERS_LOCK_KEY});
    CREATE OR REPLACE FUNCTION data_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('cypher.change_notify', true) = 'off' THEN RETURN NULL; END IF;
      IF TG_OP <> 'TRUNCATE' THEN
        IF NOT EXISTS (SELECT 1 FROM data_change_rows) THEN RETURN NULL; END IF;
      END IF;
      PERFORM pg_notify('${DATA_CHANGE_CHANNEL}', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
    DO $$
    DECLARE t record;
    BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format(
          'CREATE OR REPLACE TRIGGER data_change_insert AFTER INSERT ON %1$I
             REFERENCING NEW TABLE AS data_change_rows
             FOR EACH STATEMENT EXECUTE FUNCTION data_change_notify();
           CREATE OR REPLACE TRIGGER data_change_update AFTER UPDATE ON %1$I
             REFERENCING NEW TABLE AS data_change_rows
             FOR EACH STATEMENT EXECUTE FUNCTION data_change_notify();
           CREATE OR REPLACE TRIGGER data_change_delete AFTER DELETE ON %1$I
             REFERENCING OLD TABLE AS data_change_rows
             FOR EACH STATEMENT EXECUTE FUNCTION data_change_notify();
           CREATE OR REPLACE TRIGGER data_change_truncate AFTER TRUNCATE ON %1$I
             FOR EACH STATEMENT EXECUTE FUNCTION data_change_notify();',
          t.tablename
        );
      END LOOP;
    END $$;
  `)
}
