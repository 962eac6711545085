import { spawn } from 'node:child_process'
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import {
  bigint,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { wrapPglite, type DatabaseHandle } from '../../server/db/client'
import { PgliteThread } from '../../server/db/pglite-thread'

/**
 * The embedded database in its worker thread (server/db/pglite-thread.ts), as the server runs it:
 * what crosses between the threads comes back unchanged, and transactions, claims, notifications and
 * the crash guarantee behave as PGlite in the request thread did.
 */
const embedded = !process.env.DATABASE_URL
const template = embedded ? await readFile(inject('pgliteTemplate')) : Buffer.alloc(0)

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})
const samples = pgTable('worker_samples', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }),
  day: date(),
  big: bigint({ mode: 'bigint' }),
  bytes: bytea(),
  doc: jsonb(),
  amount: numeric(),
  tags: text().array(),
  moments: timestamp({ withTimezone: true, mode: 'string' }).array(),
})
const CREATE_SAMPLES = `create table worker_samples (id integer primary key, at timestamptz, day date,
  big bigint, bytes bytea, doc jsonb, amount numeric, tags text[], moments timestamptz[])`

/** Both drivers answer a raw statement with `{rows}`; the shared Database type does not say so. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const sample = {
  id: 1,
  at: new Date('2026-03-04T05:06:07.891Z'),
  day: '2026-02-28',
  big: 9_007_199_254_740_993n,
  bytes: Buffer.from([0, 1, 2, 254, 255]),
  doc: { name: 'Zoë', list: [1, 2.5, null, { deep: true }], empty: {} },
  amount: '12345678901234567890.123456789',
  tags: ['a', 'b, c', 'd"e', ''],
  moments: ['2026-01-01 00:00:00+00', '2026-06-30 23:59:59.5+00'],
}

describe.skipIf(!embedded)('the embedded database in a worker thread', () => {
  let thread: PgliteThread
  let worker: DatabaseHandle
  let inProcess: DatabaseHandle
  beforeAll(async () => {
    thread = await PgliteThread.open({ loadDataDir: template })
    worker = wrapPglite(thread)
    inProcess = wrapPglite(await PGlite.create({ loadDataDir: new Blob([template]) }))
    for (const database of [worker, inProcess]) await database.executeSql(CREATE_SAMPLES)
  })
  afterAll(async () => {
    await worker?.close()
    await inProcess?.close()
  })

  it('answers every value as PGlite in this thread does: dates, bigint, bytea, JSON, numeric, arrays', async () => {
    const answers = []
    for (const database of [worker, inProcess]) {
      await database.db.insert(samples).values(sample)
      const [row] = await database.db.select().from(samples)
      const raw = await database.executeSql(
        `select big, bytes, doc, amount, tags, at, $1::bytea as param_bytes, $2::timestamptz as param_at,
           $3::int8 as param_big, '{1,2,NULL}'::int[] as ints, null::text as nothing from worker_samples`,
        [Buffer.from('héllo'), new Date(0), 2n ** 62n],
      )
      answers.push({ row, raw: raw.rows })
    }
    expect(answers[0]?.row).toEqual(sample)
    expect(answers[0]).toEqual(answers[1])
    const [raw] = answers[0]?.raw as Record<string, unknown>[]
    expect(raw).toMatchObject({ big: 9_007_199_254_740_993n, param_big: 2n ** 62n, ints: [1, 2, null] })
    expect(Buffer.from(raw?.param_bytes as Uint8Array).toString()).toBe('héllo')
    expect(raw?.param_at).toEqual(new Date(0))
  })

  it('keeps the PostgreSQL error code, message and constraint of a failed statement', async () => {
    await worker.executeSql('create table worker_unique (email text unique)')
    await worker.executeSql('insert into worker_unique values ($1)', ['a@example.com'])
    const duplicate = await worker.db.execute(sql`insert into worker_unique values ('a@example.com')`).then(
      () => null,
      (error: unknown) => (error as { cause?: unknown }).cause,
    )
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'worker_unique_email_key',
      message: 'duplicate key value violates unique constraint "worker_unique_email_key"',
    })
    expect(duplicate).toBeInstanceOf(Error)
    await expect(
      worker.executeSql(`do $$ begin raise exception 'try again' using errcode = '40001'; end $$`),
    ).rejects.toMatchObject({ code: '40001', message: 'try again' })
  })

  it('rolls a transaction back when it throws or asks to, and commits it otherwise', async () => {
    await worker.executeSql('create table worker_ledger (id integer primary key)')
    const ids = async () =>
      (await worker.executeSql('select id from worker_ledger order by id', [])).rows.map(
        (row) => (row as { id: number }).id,
      )
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_ledger values (1)`)
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    await worker.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_ledger values (2)`)
        tx.rollback()
      })
      .catch(() => undefined)
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_ledger values (3)`)
      // A savepoint that fails is undone alone.
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into worker_ledger values (4)`)
          await inner.execute(sql`insert into worker_ledger values (3)`)
        })
        .catch(() => undefined)
    })
    expect(await ids()).toEqual([3])
  })

  it('runs two transactions one after the other, and holds other statements until a commit', async () => {
    await worker.executeSql('create table worker_counter (n integer); insert into worker_counter values (0)')
    const steps: string[] = []
    const increment = (name: string) =>
      worker.db.transaction(async (tx) => {
        steps.push(`${name} reads`)
        const rows = rowsOf<{ n: number }>(await tx.execute(sql`select n from worker_counter`))
        // Another turn of the event loop: the other transaction may not slip in here.
        await new Promise((resolve) => setTimeout(resolve, 20))
        await tx.execute(sql`update worker_counter set n = ${(rows[0]?.n ?? 0) + 1}`)
        steps.push(`${name} writes`)
      })
    const first = increment('a')
    // Sent while a transaction is open: answered after its commit, before the next transaction.
    const outside = worker.executeSql('select n from worker_counter', []).then((result) => {
      steps.push('outside answers')
      return result
    })
    const second = increment('b')
    await Promise.all([first, second])
    expect(steps).toEqual(['a reads', 'a writes', 'outside answers', 'b reads', 'b writes'])
    expect((await worker.executeSql('select n from worker_counter', [])).rows).toEqual([{ n: 2 }])
    expect((await outside).rows).toEqual([{ n: 1 }])
  })

  it('hands each job to one claimer with FOR UPDATE SKIP LOCKED', async () => {
    await worker.executeSql(
      `create table worker_jobs (id integer primary key, claimed_by text);
       insert into worker_jobs select n from generate_series(1, 12) n`,
    )
    const claim = (who: string) =>
      worker.db.transaction(async (tx) => {
        const rows = rowsOf<{ id: number }>(
          await tx.execute(
            sql`select id from worker_jobs where claimed_by is null order by id limit 3 for update skip locked`,
          ),
        )
        for (const { id } of rows)
          await tx.execute(sql`update worker_jobs set claimed_by = ${who} where id = ${id}`)
        return rows.map((row) => row.id)
      })
    const claims = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(claim))
    expect(claims.flat().sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(claims.at(-1)).toEqual([])
  })

  it('delivers notifications before the statement that committed them answers, and none after unlisten', async () => {
    const heard: string[] = []
    const unlisten = await worker.listen?.('worker_channel', (payload) => heard.push(payload))
    await worker.executeSql(`select pg_notify('worker_channel', 'one')`, [])
    expect(heard).toEqual(['one'])
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_channel', 'two')`)
      expect(heard).toEqual(['one'])
    })
    expect(heard).toEqual(['one', 'two'])
    await unlisten?.()
    await worker.executeSql(`select pg_notify('worker_channel', 'three')`, [])
    expect(heard).toEqual(['one', 'two'])
  })

  it('lets timers run while a long statement works', async () => {
    let running = true
    const long = worker
      .executeSql('select count(*) from generate_series(1, 2000000)', [])
      .finally(() => (running = false))
    const runningWhenTimerFired = await new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(running), 10),
    )
    expect(runningWhenTimerFired).toBe(true)
    expect((await long).rows).toEqual([{ count: 2_000_000 }])
  }, 120_000)
})

describe.skipIf(!embedded)('a server killed while it writes', () => {
  let dataDir: string
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('loses no write it acknowledged (SIGKILL, then the data folder reopened)', async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'cypher-crash-')), 'pgdata')
    const prepared = await PgliteThread.open({ dataDir, loadDataDir: template })
    await prepared.exec('create table crash_writes (id integer primary key, pair integer)')
    await prepared.close()

    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'helpers/crash-writer.ts'), dataDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const acknowledged: number[] = []
    const lines = createInterface({ input: writer.stdout })
    const exited = new Promise((resolve) => writer.once('exit', resolve))
    await new Promise<void>((resolve) => {
      lines.on('line', (line) => {
        acknowledged.push(Number(line))
        if (acknowledged.length === 150) {
          // Killed in the middle of its writes, as a machine that loses power.
          writer.kill('SIGKILL')
          resolve()
        }
      })
      void exited.then(() => resolve())
    })
    await exited
    // A few more may have been printed before the signal landed.
    expect(acknowledged.length).toBeGreaterThanOrEqual(150)

    const reopened = wrapPglite(await PgliteThread.open({ dataDir }))
    try {
      const { rows } = await reopened.executeSql('select id, pair from crash_writes', [])
      const stored = new Set(rows.map((row) => (row as { id: number }).id))
      const lost = acknowledged.filter((id) => !stored.has(id))
      expect(lost).toEqual([])
      // Each transaction wrote a pair of rows: both or neither.
      const pairs = rows.map((row) => (row as { pair: number | null }).pair).filter((pair) => pair !== null)
      for (const pair of pairs) expect(stored.has(pair)).toBe(true)
    } finally {
      await reopened.close()
    }
  }, 180_000)
})
