import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { DatabaseHandle } from '../db/client'
import * as schema from '../db/schema'

/** The channel of the data_change triggers: each payload is the name of a table a statement changed. */
export const DATA_CHANGE_CHANNEL = 'data_change'
/** At most this many kept answers, and this many characters in all: past either, all are dropped. */
const MAX_ANSWERS = 10_000
const MAX_CHARS = 32 * 1024 * 1024
/** Without change announcements (PostgreSQL), how long a public answer is kept: the portfolio's 30 s. */
const PUBLIC_ANSWER_TTL_MS = 30_000

const TABLE_NAMES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])),
)

/** What a read being recorded touched: the tables its statements named, and when its answer goes stale. */
interface Recording {
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
  if (!current) return
  for (const [word] of sql.matchAll(/[a-z_][a-z0-9_]*/g)) if (TABLE_NAMES.has(word)) current.tables.add(word)
}

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

interface KeptAnswer {
  body: string
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
 * user (id and role) or "anyone" for a public route, and the URL. On PostgreSQL other instances write
 * too and nothing tells this one at once: no signed-in caller's answer is kept there, and public
 * content is kept as the portfolio's listing is (dropped when staff change content, else after 30 s).
 */
export class DataVersions {
  private readonly answers = new Map<string, KeptAnswer>()
  private readonly changedAt = new Map<string, number>()
  private clock = 0
  private chars = 0
  private listening = false

  /** Installs the triggers and starts listening when the database can tell us about changes. */
  async listen(database: DatabaseHandle): Promise<void> {
    if (!database.listen) return
    await database.listen(DATA_CHANGE_CHANNEL, (table) => this.changed(table))
    await installTriggers(database)
    await database.executeSql(`set cypher.change_notify = 'on'`)
    this.listening = true
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
    if (kept && this.fresh(kept, Date.now())) return sendJson(reply, kept.body)
    if (kept) this.drop(key, kept)
    // Without announcements (PostgreSQL), only public content is kept, as the portfolio is: until staff
    // change content on this instance (forgetPublic) or, for changes made elsewhere, for 30 s.
    const until = this.listening ? Number.POSITIVE_INFINITY : Date.now() + PUBLIC_ANSWER_TTL_MS
    const started: Recording = { tables: new Set(), until }
    const clock = this.clock
    const value: unknown = await recording.run(started, () => handler.call(instance, request, reply))
    if (reply.sent || value === reply) return value
    const body: unknown = reply.serialize(value)
    if (typeof body !== 'string') return reply.send(value)
    const answer: KeptAnswer = { body, tables: [...started.tables], clock, until: started.until }
    // A change committed while the read ran may not be in it: keep nothing then.
    if (reply.statusCode === 200 && this.fresh(answer, Date.now())) this.store(key, answer)
    return sendJson(reply, body)
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
    if (this.answers.size >= MAX_ANSWERS || this.chars + answer.body.length > MAX_CHARS) {
      this.answers.clear()
      this.chars = 0
    }
    this.answers.set(key, answer)
    this.chars += answer.body.length
  }

  private drop(key: string, answer: KeptAnswer): void {
    this.answers.delete(key)
    this.chars -= answer.body.length
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET whose answer `DataVersions` keeps per caller and URL until a table it read changes. */
    keepAnswer?: boolean
  }
}

function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body)
}

/**
 * Statement-level triggers on every table (so a read is never kept on a table nobody watches), silent
 * unless the session set cypher.change_notify, which only the embedded server does, and silent for a
 * statement that changed no row (an UPDATE that matched nothing, as "expire what is due" reads do):
 * each looks at its transition table, which needs one trigger per event. Installed at start rather than
 * by a migration: PostgreSQL never runs them, and tables added later get theirs on the next start.
 */
async function installTriggers(database: DatabaseHandle): Promise<void> {
  await database.executeSql(`
    CREATE OR REPLACE FUNCTION data_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('cypher.change_notify', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
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
