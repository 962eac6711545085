import { spawn, type ChildProcess } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'

const root = path.join(import.meta.dirname, '..')
export const dist = path.resolve(root, process.env.CYPHER_DIST ?? 'dist')
/** The port of the suite's main server; specs that need their own servers take the next ones. */
export const basePort = Number(process.env.E2E_PORT ?? 8091)

/**
 * The real server with its own embedded database and configuration, for specs that change shared
 * state (the demo accounts) or need settings of their own (a short access-token lifetime).
 */
export async function startApiServer(port: number, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cypher-e2e-own-'))
  const child: ChildProcess = spawn(process.execPath, [path.join(dist, 'server/server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dist, 'web'),
      ...env,
    },
  })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`))),
  )
  const ready = (async () => {
    // A fresh database is migrated and seeded first: on a busy machine that takes minutes.
    for (let i = 0; i < 1800; i++) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('server did not become ready')
  })()
  try {
    await Promise.race([ready, exited])
  } catch (error) {
    // Never leave a server behind that the spec can no longer stop.
    if (child.exitCode === null) child.kill('SIGTERM')
    throw error
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
}

/** Serves the built renderer from another origin, as the desktop app's app:// scheme does (SPA fallback). */
export async function serveRenderer(port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const webRoot = path.join(dist, 'web')
  const server: Server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    let file = path.join(webRoot, path.normalize(pathname))
    if (!file.startsWith(webRoot) || !path.extname(file) || !(await stat(file).catch(() => null))?.isFile()) {
      file = path.join(webRoot, 'index.html')
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
