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
