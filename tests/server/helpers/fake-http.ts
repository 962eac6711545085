import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'

/** One request as a provider fake received it. */
export interface FakeRequest {
  method: string
  /** Path without the query string. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface FakeAnswer {
  status: number
  /** An object is sent as JSON, a string as plain text. */
  body: object | string
  headers?: Record<string, string>
}

/**
 * The HTTP plumbing the provider fakes share: a server on a free loopback port that hands each request,
 * fully read, to `handle` and writes its answer. Every request is kept in `requests`.
 */
export abstract class FakeHttpProvider {
  readonly requests: FakeRequest[] = []
  url = ''
  private readonly server: Server = createServer((request, response) => {
    void this.read(request)
      .then((received) => {
        this.requests.push(received)
        return this.handle(received)
      })
      .catch(
        (error: unknown): FakeAnswer => ({
          status: 500,
          body: { error: error instanceof Error ? error.message : String(error) },
        }),
      )
      .then(({ status, body, headers }) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body)
        response.writeHead(status, {
          'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
          ...headers,
        })
        response.end(text)
      })
  })

  protected abstract handle(request: FakeRequest): FakeAnswer | Promise<FakeAnswer>

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    if (!address || typeof address === 'string') throw new Error('provider fake did not start')
    this.url = `http://127.0.0.1:${address.port}`
    return this
  }

  async stop() {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  /** The requests made to one path (and method). */
  requestsTo(path: string, method?: string): FakeRequest[] {
    return this.requests.filter((r) => r.path === path && (!method || r.method === method))
  }

  private async read(request: IncomingMessage): Promise<FakeRequest> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const url = new URL(request.url ?? '/', 'http://fake')
    return {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks),
    }
  }
}

/** A JSON body, or null when it is not JSON (or not declared as JSON). */
export function jsonBody(request: FakeRequest): Record<string, unknown> | null {
  if (!request.headers['content-type']?.startsWith('application/json')) return null
  try {
    const value: unknown = JSON.parse(request.body.toString('utf8'))
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
