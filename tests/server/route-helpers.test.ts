import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { errorBodySchema } from '@/contract/common'
import { toCsv } from '../../server/lib/csv'
import { pageRoute } from '../../server/lib/route-page'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../server/lib/route-schema'
import { csvColumns } from '../../server/lib/staff-console'

const itemSchema = z.object({ id: z.number() })

describe('routeSchemas', () => {
  it('adds the group tags, sign-in and error answers to a route summary and its own schemas', () => {
    const schema = routeSchemas({
      tags: ['domains'],
      security: bearerSecurity,
      errors: errorAnswers(400, 404),
    })
    expect(
      schema('One domain', { params: itemSchema, response: { 200: itemSchema, ...errorAnswers(503) } }),
    ).toEqual({
      tags: ['domains'],
      summary: 'One domain',
      security: [{ bearer: [] }],
      params: itemSchema,
      response: { 200: itemSchema, 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
    })
  })

  it('declares no security for a public group', () => {
    const schema = routeSchemas({ tags: ['recovery'], errors: errorAnswers(429) })
    expect(schema('Send a code', { response: { 200: itemSchema } })).not.toHaveProperty('security')
  })
})

describe('csvColumns', () => {
  it('reads a named field as it is (empty when null) or a column function, in the order given', () => {
    const rows = [{ id: 1, phone: null as string | null, is_active: true }]
    const columns = csvColumns<(typeof rows)[number]>({
      ID: 'id',
      Phone: 'phone',
      Published: (row) => (row.is_active ? 'yes' : 'no'),
    })
    expect(columns.map((c) => c.label)).toEqual(['ID', 'Phone', 'Published'])
    expect(toCsv(columns, rows)).toBe('ID,Phone,Published\r\n1,,yes\r\n')
  })
})

describe('pageRoute', () => {
  type Handler = (request: FastifyRequest) => Promise<unknown>
  function register(route: Partial<Parameters<typeof pageRoute>[3]>) {
    const got: { path: string; options: Record<string, unknown>; handler: Handler }[] = []
    const app = {
      config: { publicUrl: 'https://cypher.example' },
      get: (path: string, options: Record<string, unknown>, handler: Handler) =>
        void got.push({ path, options, handler }),
    } as unknown as Parameters<typeof pageRoute>[0]
    const schema = routeSchemas({ tags: ['things'], errors: errorAnswers(400) })
    pageRoute(app, schema, '/api/things/', {
      summary: 'Things',
      query: z.object({ page: z.number() }),
      page: itemSchema,
      load: async (_request, query) => ({
        page: (query as { page: number }).page,
        pageSize: 1,
        count: 3,
        results: [{ id: 1 }],
      }),
      ...route,
    })
    const [registered] = got
    if (!registered) throw new Error('pageRoute registered no route')
    return registered
  }

  it('answers the asked page with its count and links', async () => {
    const { path, handler } = register({})
    expect(path).toBe('/api/things/')
    const request = { url: '/api/things/?page=2', query: { page: 2 } } as unknown as FastifyRequest
    expect(await handler(request)).toEqual({
      count: 3,
      next: 'https://cypher.example/api/things/?page=3',
      previous: 'https://cypher.example/api/things/?page=1',
      results: [{ id: 1 }],
    })
  })

  it('declares its schema, and keeps answers or checks the caller only when asked', () => {
    const plain = register({}).options
    expect(plain).toEqual({
      schema: {
        tags: ['things'],
        summary: 'Things',
        querystring: expect.anything(),
        response: { 200: itemSchema, 400: errorBodySchema },
      },
    })
    const preHandler = () => undefined
    const kept = register({ keepAnswer: true, preHandler, description: 'More' }).options
    expect(kept).toMatchObject({ config: { keepAnswer: true }, preHandler, schema: { description: 'More' } })
  })
})
