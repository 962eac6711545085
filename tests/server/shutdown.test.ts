import http from 'node:http'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { createTestApp } from './helpers/test-app'

describe('graceful shutdown', () => {
  it('finishes an in-flight request before closing, then closes the database', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let arrived: () => void = () => {}
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
    const app: FastifyInstance = await createTestApp({
      extend: (instance) =>
        instance.get('/api/test-slow/', async () => {
          arrived()
          await gate
          return { done: true }
        }),
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const inFlight = new Promise<unknown>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/test-slow/', agent: false }, (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => (body += chunk.toString()))
          response.on('end', () => resolve(JSON.parse(body)))
        })
        .on('error', reject)
    })
    await requestArrived
    const closing = app.close()
    // The server stops listening while the request that arrived before is still being served.
    await vi.waitFor(() => expect(app.server.listening).toBe(false))
    await expect(app.database.ping()).resolves.toBeUndefined()
    release()
    expect(await inFlight).toEqual({ done: true })
    await closing
    await expect(app.database.ping()).rejects.toThrow()
  })
})
