import { afterEach, beforeEach, vi, type Mock } from 'vitest'

/** A JSON answer as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** One page of a list, `{count, next, previous, results}`, with no links to other pages. */
export function page<T>(results: T[], count = results.length) {
  return { count, next: null, previous: null, results }
}

/** Replaces `fetch` with the returned mock in every test of the file; each test starts with a fresh one. */
export function stubFetch(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })
  return fetchMock
}

/** Answers each API path with its body (status 200); any other path is a 404. */
export function serveRoutes(fetchMock: Mock<typeof fetch>, routes: Record<string, unknown>) {
  fetchMock.mockImplementation(async (input) => {
    const body = routes[new URL(String(input), 'http://localhost').pathname]
    return body === undefined ? json(404, { detail: 'Not found.' }) : json(200, body)
  })
}

/** A write a screen sent: its method, path and body (parsed JSON, the FormData itself, or null). */
export interface ApiWrite {
  method: string
  path: string
  body: unknown
}

/** An answer by path: the body itself, or a function of the URL asked for (to vary it or see the query). */
export type ApiRoutes = Record<string, ((url: URL) => unknown) | object>

/**
 * Stubs `fetch` for the file like stubFetch, and gives `serve`: it answers reads by path from `routes`
 * (any other path is a 404) and records every write, answered by `write` (200 `{}` by default).
 */
export function stubApi() {
  const fetchMock = stubFetch()
  function serve(routes: ApiRoutes, write: (call: ApiWrite) => Response = () => json(200, {})) {
    const writes: ApiWrite[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      const method = init?.method ?? 'GET'
      if (method !== 'GET') {
        const body = init?.body
        const call = {
          method,
          path: url.pathname,
          body: typeof body === 'string' ? JSON.parse(body) : body instanceof FormData ? body : null,
        }
        writes.push(call)
        return write(call)
      }
      const route = routes[url.pathname]
      const answer: unknown = typeof route === 'function' ? route(url) : route
      return answer === undefined ? json(404, { detail: 'Not found.' }) : json(200, answer)
    })
    return writes
  }
  return { fetchMock, serve }
}
