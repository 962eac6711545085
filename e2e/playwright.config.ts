import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

const root = path.join(import.meta.dirname, '..')
const dist = path.resolve(root, process.env.CYPHER_DIST ?? 'dist')
const port = Number(process.env.E2E_PORT ?? 8091)
export const baseURL = `http://127.0.0.1:${port}`
// A fresh embedded database per run: the demo seed and nothing else.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'cypher-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Separate output per port, so parallel runs (CYPHER_DIST + E2E_PORT) do not delete each other's results.
  outputDir: path.join(root, port === 8091 ? 'test-results' : `test-results-${port}`),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node ${path.join(dist, 'server/server.mjs')}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    // A fresh database is migrated and seeded first: minutes on a busy machine.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dist, 'web'),
      // Reconciliation asks the gateway about a checkout 20 s after it started (default 120 s), so the lost
      // notification of e2e/payments.spec.ts is fulfilled within the test. The sandbox answers an unpaid
      // checkout as still pending, so no other spec's open checkout changes.
      PAYMENTS_RECONCILE_AFTER_S: '20',
    },
  },
})
