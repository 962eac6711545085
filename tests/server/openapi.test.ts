import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp({ env: { PUBLIC_URL: 'https://cypher.example' } })
const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
  servers: { url: string }[]
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>
}>()
const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${url}`,
    operation,
  })),
)

describe('the OpenAPI document', () => {
  it('names every operation once and lists the server from PUBLIC_URL', () => {
    const ids = operations.map((o) => o.operation.operationId)
    expect(ids.every(Boolean)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(document.servers).toEqual([{ url: 'https://cypher.example' }])
  })

  it('declares the real security of the staff-only certificate operations', () => {
    for (const name of [
      'POST /api/certificates/',
      'GET /api/certificates/',
      'POST /api/certificates/{serial}/revoke/',
    ]) {
      expect(operations.find((o) => o.name === name)?.operation.security, name).toEqual([{ bearer: [] }])
    }
    expect(
      operations.find((o) => o.name === 'POST /api/public/certificates/verify/')?.operation.security,
    ).toEqual([])
  })

  it('passes `redocly lint` (recommended rules, trailing slashes allowed)', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'cypher-openapi-')), 'openapi.json')
    await writeFile(file, JSON.stringify(document))
    const root = path.resolve(import.meta.dirname, '../..')
    const result = await promisify(execFile)(
      process.execPath,
      [
        path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        '--config',
        path.join(root, 'redocly.yaml'),
        file,
      ],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr}\nFAILED`,
    }))
    expect(result.stderr, result.stdout).not.toContain('FAILED')
  }, 120_000)
})
