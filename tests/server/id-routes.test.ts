import type { RouteOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { errorBodySchema, MAX_ID, MAX_PAGE } from '@/contract/common'
import { nextAddress, signIn, STAFF } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

/*
 * Every registered route that takes a number from its path or query string, found from the app itself:
 * a new route is covered without touching this file.
 */
const registered: RouteOptions[] = []
const app = await openTestApp({ onRoute: (route) => void registered.push(route) })
const { get } = requests(app)
// Staff see every record, so an id that passed validation really reaches the database.
const staff = await signIn(app, STAFF)

/** Numbers that are no record id and no page: too large for the database, negative, not whole, not decimal. */
const NOT_IDS = ['3000000000', '99999999999999999999', '-1', '1.5', '1e3', '0x10']

interface Route {
  method: string
  url: string
  pathParams: string[]
  integerQuery: string[]
}

/** Whether a JSON schema (or one of its alternatives) accepts a number. */
function takesNumber(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false
  const node = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] }
  if (node.type === 'integer' || node.type === 'number') return true
  return [...(node.anyOf ?? []), ...(node.oneOf ?? [])].some(takesNumber)
}

function integerQueryParams(querystring: unknown): string[] {
  if (!querystring) return []
  const json = z.toJSONSchema(querystring as z.ZodMiniType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>
  }
  return Object.entries(json.properties ?? {})
    .filter(([, property]) => takesNumber(property))
    .map(([name]) => name)
}

const routes: Route[] = registered
  .flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ route, method })),
  )
  .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
  .map(({ route, method }) => ({
    method,
    url: route.url,
    pathParams: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
    integerQuery: integerQueryParams(route.schema?.querystring),
  }))
  .filter((route) => route.pathParams.length > 0 || route.integerQuery.length > 0)

const withPathParams = routes.filter((route) => route.pathParams.length > 0)
const withIntegerQuery = routes.filter((route) => route.integerQuery.length > 0)
const paged = routes.filter((route) => route.method === 'GET' && route.integerQuery.includes('page'))

const pathWith = (route: Route, param: string, value: string) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => (name === param ? encodeURIComponent(value) : '1'))

const send = (route: Route, url: string) =>
  app.inject({
    method: route.method as 'GET',
    url,
    headers: staff.headers,
    remoteAddress: nextAddress(),
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  })

function expectErrorShape(body: string, label: string) {
  expect(errorBodySchema.safeParse(JSON.parse(body)).success, `${label}: ${body}`).toBe(true)
}

describe('routes found from the app', () => {
  it('include the id and page routes this test was written against', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`)
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/public/offers/:id/',
        'GET /api/public/blog/posts/:slug/',
        'GET /api/public/careers/:slug/',
        'POST /api/public/careers/:id/apply/',
        'GET /api/client/projects/:id/overview/',
        'PATCH /api/support/tickets/:id/',
        'GET /api/support/comments/',
        'GET /api/public/projects/',
      ]),
    )
    expect(withIntegerQuery.find((r) => r.url === '/api/support/tickets/')?.integerQuery).toEqual(
      expect.arrayContaining(['page', 'project', 'assigned_to']),
    )
  })
})

describe.each(withPathParams)('$method $url', (route) => {
  it.each(route.pathParams.flatMap((param) => NOT_IDS.map((value) => ({ param, value }))))(
    'answers :$param = $value with 400 or 404 and the error shape',
    async ({ param, value }) => {
      const response = await send(route, pathWith(route, param, value))
      expect([400, 404], `${value}: ${response.body}`).toContain(response.statusCode)
      // Links opened from e-mails (the newsletter's confirm and unsubscribe) answer a page, not JSON.
      if (String(response.headers['content-type']).startsWith('text/html')) {
        expect(response.body, value).toContain('not valid')
      } else {
        expectErrorShape(response.body, value)
      }
    },
  )

  it.each(route.pathParams)('takes the largest id for :%s to the database without failing', async (param) => {
    const response = await send(route, pathWith(route, param, String(MAX_ID)))
    expect(response.statusCode, response.body).toBeLessThan(500)
  })
})

describe.each(withIntegerQuery)('$method $url', (route) => {
  it.each(route.integerQuery.flatMap((param) => NOT_IDS.map((value) => ({ param, value }))))(
    'answers ?$param=$value with 400 naming the field',
    async ({ param, value }) => {
      const response = await send(route, `${pathWith(route, '', '')}?${param}=${encodeURIComponent(value)}`)
      expect(response.statusCode, `${value}: ${response.body}`).toBe(400)
      expectErrorShape(response.body, value)
      expect(response.json()[param]).toEqual([expect.any(String)])
    },
  )
})

describe.each(paged)('$method $url', (route) => {
  it(`answers page ${MAX_PAGE} and refuses page ${MAX_PAGE + 1} with 400`, async () => {
    const url = pathWith(route, '', '')
    const last = await send(route, `${url}?page=${MAX_PAGE}`)
    // A list under a record (an app's deliveries) may answer 404: record 1 is not the caller's.
    const accepted = route.pathParams.length > 0 ? [200, 404] : [200]
    expect(accepted, last.body).toContain(last.statusCode)
    const beyond = await get(`${url}?page=${MAX_PAGE + 1}`, staff)
    expect(beyond.statusCode).toBe(400)
    expect(beyond.json()).toEqual({
      detail: 'Invalid input.',
      page: [`Ensure this value is less than or equal to ${MAX_PAGE}.`],
    })
  })
})
