import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '../../server/db/schema'
import { startLocalS3, type LocalS3 } from '../server/helpers/s3'

const root = path.resolve(import.meta.dirname, '../..')

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface Instance {
  name: string
  url: string
  /** Every line the instance printed (JSON log lines), also written to `<work>/<name>.log`. */
  log: string[]
  start(): Promise<void>
  /** SIGKILL: no shutdown, no flush, like a crashed machine. */
  kill(): Promise<void>
  stop(): Promise<void>
}

export interface Cluster {
  a: Instance
  b: Instance
  s3: LocalS3
  databaseUrl: string
  /** The test's own view of the shared database (the instances' schema). */
  db: ReturnType<typeof drizzle<typeof schema>>
  jwtSecret: string
  close(): Promise<void>
}

const databaseBase = () =>
  process.env.CLUSTER_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/**
 * Two production builds of the server on one fresh PostgreSQL database, one Redis and one local S3
 * bucket, with the same secrets: what docs/operations.md calls "several instances".
 */
export async function startCluster(): Promise<Cluster> {
  const work = path.join(os.tmpdir(), `cypher-cluster-${randomBytes(4).toString('hex')}`)
  await mkdir(work, { recursive: true })
  await promisify(execFile)(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    env: { ...process.env, CYPHER_DIST: path.join(work, 'dist') },
  })

  const name = `cypher_cluster_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseBase() })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(databaseBase())
  url.pathname = `/${name}`
  const databaseUrl = url.toString()

  const s3 = await startLocalS3()
  const jwtSecret = randomBytes(32).toString('hex')
  const signingKey = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64')
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '5',
    REDIS_URL: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/5',
    JWT_SECRET: jwtSecret,
    CERTIFICATE_SIGNING_KEY: signingKey,
    APP_KEY_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: '1',
    // The test plays a load balancer: X-Forwarded-For carries each simulated visitor's address.
    TRUST_PROXY: '1',
    PASSWORD_HASH_COST: '15',
    PAYMENTS_SANDBOX: '1',
    // Reconciliation asks about an open checkout after 10 s (not 120), so the lane can watch it.
    PAYMENTS_RECONCILE_AFTER_S: '10',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(work, 'no-web-build'),
    ...s3.env('cluster'),
  }

  const instance = async (label: string): Promise<Instance> => {
    const port = await freePort()
    const dataDir = path.join(work, label)
    const log: string[] = []
    const file = createWriteStream(path.join(work, `${label}.log`), { flags: 'a' })
    let child: ChildProcess | null = null
    const exited = () =>
      new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) resolve()
        else child.once('exit', () => resolve())
      })
    const self: Instance = {
      name: label,
      url: `http://127.0.0.1:${port}`,
      log,
      async start() {
        const proc = spawn(process.execPath, [path.join(work, 'dist/server/server.mjs')], {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            ...shared,
            PORT: String(port),
            DATA_DIR: dataDir,
            PUBLIC_URL: `http://127.0.0.1:${port}`,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        child = proc
        for (const stream of [proc.stdout, proc.stderr]) {
          stream?.on('data', (chunk: Buffer) => {
            file.write(chunk)
            log.push(...chunk.toString().split('\n').filter(Boolean))
          })
        }
        // Migrations and the demo seed run first on a fresh database: over a minute on a busy machine.
        const deadline = Date.now() + 120_000
        while (Date.now() < deadline) {
          if (proc.exitCode !== null) throw new Error(`${label} exited: ${log.slice(-5).join('\n')}`)
          const ready = await fetch(`${self.url}/readyz`).catch(() => null)
          if (ready?.status === 200) return
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        throw new Error(`${label} not ready within 120 s: ${log.slice(-5).join('\n')}`)
      },
      async kill() {
        child?.kill('SIGKILL')
        await exited()
      },
      async stop() {
        child?.kill('SIGTERM')
        await exited()
      },
    }
    return self
  }

  const a = await instance('a')
  const b = await instance('b')
  // Both start together on the empty database: migrations and the demo seed race on purpose.
  await Promise.all([a.start(), b.start()])
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 })
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  return {
    a,
    b,
    s3,
    databaseUrl,
    db,
    jwtSecret,
    async close() {
      await Promise.all([a.stop(), b.stop()])
      await pool.end()
      await s3.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
      if (!process.env.CLUSTER_KEEP) await rm(work, { recursive: true, force: true })
    },
  }
}

let visitor = 0
/** A fresh client address per simulated visitor (documentation range plus a random part per run). */
export function nextAddress(): string {
  visitor += 1
  const run = randomBytes(1)[0] ?? 0
  return `198.${18 + (run & 1)}.${(visitor >> 8) & 255}.${visitor & 255}`
}

/** A JSON call to one instance, from `address` through the (simulated) load balancer. */
export async function call(
  instance: Instance,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; address?: string; form?: FormData } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers; raw: Buffer }> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? nextAddress() }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | FormData | undefined
  if (options.form) body = options.form
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${instance.url}${pathname}`, { method, headers, body })
  const raw = Buffer.from(await response.arrayBuffer())
  let parsed: Record<string, unknown> = {}
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    parsed = JSON.parse(raw.toString()) as Record<string, unknown>
  }
  return { status: response.status, body: parsed, headers: response.headers, raw }
}
