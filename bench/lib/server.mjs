// Starts the production build on a fresh data folder for a benchmark and stops it afterwards.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { distDir } from '../../scripts/build-state.mjs'

export async function waitFor(url, timeoutMs = 60_000) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url)
      if (response.ok) return Date.now() - started
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

export async function startServer({ port, dataDir, env = {} } = {}) {
  // Another server already on the port would answer /readyz and be measured instead of this build.
  const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`Port ${port} is already in use: stop that server or set BENCH_PORT.`)
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'cypher-bench-'))
  const started = performance.now()
  const merged = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    WEB_DIST: path.join(distDir, 'web'),
    LOG_LEVEL: 'warn',
    ...env,
  }
  // `env: {NAME: undefined}` removes an inherited variable (the embedded run without DATABASE_URL).
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name]
  const child = spawn(process.execPath, [path.join(distDir, 'server/server.mjs')], {
    env: merged,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    // A fresh data folder migrates and seeds first: slow on a busy machine.
    await waitFor(`${baseUrl}/readyz`, 180_000)
  } catch (error) {
    // Not left behind holding the port for the next run.
    child.kill('SIGTERM')
    throw error
  }
  const readyMs = performance.now() - started
  return {
    baseUrl,
    dataDir: dir,
    /** The server's process id (the API bench reads its CPU time). */
    pid: child.pid,
    readyMs,
    async stop({ keepData = false } = {}) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      if (!keepData && !dataDir) rmSync(dir, { recursive: true, force: true })
    },
  }
}
