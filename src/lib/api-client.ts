import type * as z from 'zod/mini'
import { messages } from '@/contract/messages'
import { platform } from '@/platform/current'
import type { SignInPath } from '@/platform/platform'
import { connectivity, isNoAnswer } from './connectivity'
import { session, SessionExpiredError } from './session'

/** A failed call: `message` is what the screen shows, `fields` the per-field errors the server sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get fields(): Record<string, string[]> {
    const fields: Record<string, string[]> = {}
    if (this.body && typeof this.body === 'object') {
      for (const [key, value] of Object.entries(this.body)) {
        if (Array.isArray(value)) fields[key] = value.map(String)
      }
    }
    return fields
  }
}

/** The spec's reading of a failure body: message, error or detail, else the field lists, else the status. */
export function messageFromBody(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>
    for (const key of ['detail', 'message', 'error']) {
      const value = record[key]
      if (typeof value === 'string' && value) return value
    }
    const lists = Object.entries(record)
      .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length > 0)
      .map(([field, errors]) => `${field}: ${errors.map(String).join(', ')}`)
    if (lists.length > 0) return lists.join('; ')
  }
  return messages.httpError(status)
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Parsed at the boundary: the rest of the renderer trusts the shape. */
  schema: z.ZodMiniType<T>
  json?: unknown
  form?: FormData
  query?: Record<string, string | number | boolean | undefined | null>
  /** Sends the access token; refreshes it once on a 401 and retries. */
  auth?: boolean
  signal?: AbortSignal
}

export function buildUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return `${platform.apiBaseUrl}${path}${search ? `?${search}` : ''}`
}

type SendOptions = Omit<RequestOptions<unknown>, 'schema'>

type Fetch = (url: string, init: RequestInit) => Promise<Response>
let transport: Fetch = (url, init) => fetch(url, init)

/**
 * Where the renderer's calls go. The browser uses fetch; the server, rendering a page with its data
 * (src/prerender.tsx, `renderPageWithData`), answers them in-process instead.
 */
export function setApiTransport(next: Fetch) {
  transport = next
}

async function send(path: string, options: SendOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  try {
    const response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    })
    connectivity.answered()
    return response
  } catch (error) {
    if (isNoAnswer(error)) connectivity.noAnswer()
    throw error
  }
}

async function readBody(response: Response): Promise<{ kind: 'json' | 'html' | 'other'; body: unknown }> {
  const type = response.headers.get('content-type') ?? ''
  if (response.status === 204) return { kind: 'json', body: null }
  if (type.includes('application/json')) {
    try {
      return { kind: 'json', body: await response.json() }
    } catch {
      return { kind: 'other', body: null }
    }
  }
  if (type.includes('text/html')) return { kind: 'html', body: null }
  return { kind: 'other', body: null }
}

/** Sends with the access token when asked; refreshes it once on a 401 and retries. */
async function sendWithSession(path: string, options: SendOptions): Promise<Response> {
  await session.beforeRequest()
  let token: string | null = null
  if (options.auth) {
    token = session.accessToken()
    if (!token) throw new ApiError(401, messages.noToken)
  }
  let response = await send(path, options, token)
  if (response.status === 401 && options.auth) {
    try {
      token = await session.refresh()
    } catch (error) {
      if (error instanceof SessionExpiredError) {
        await session.expire()
        throw new ApiError(401, error.message)
      }
      throw error
    }
    response = await send(path, options, token)
    if (response.status === 401) {
      await session.expire()
      throw new ApiError(401, new SessionExpiredError().message)
    }
  }
  return response
}

/** One call to our API with the spec's error texts; throws ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return readAnswer(path, await sendWithSession(path, options), options.schema)
}

/**
 * A call that opens a session (login, registration, the second sign-in step). It travels through the
 * platform, so the refresh token it earns lands where page scripts cannot read it.
 */
export async function apiSignIn<T>(path: SignInPath, json: unknown, schema: z.ZodMiniType<T>): Promise<T> {
  await session.beforeRequest()
  return readAnswer(path, await platform.session.signIn(path, json), schema)
}

async function readAnswer<T>(path: string, response: Response, schema: z.ZodMiniType<T>): Promise<T> {
  const { kind, body } = await readBody(response)
  if (kind === 'html') throw new ApiError(response.status, messages.htmlResponse(response.status))
  if (!response.ok) throw new ApiError(response.status, messageFromBody(body, response.status), body)
  if (kind !== 'json') throw new ApiError(response.status, messages.invalidResponse)
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    console.error('Response did not match the contract', path, parsed.error.issues)
    throw new ApiError(response.status, messages.invalidResponse, body)
  }
  return parsed.data
}

/** A protected file (an attachment): the same token and refresh rule as apiRequest, the body as a Blob. */
export async function apiDownload(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const response = await sendWithSession(path, { auth: true, ...options })
  if (!response.ok) {
    const { body } = await readBody(response)
    throw new ApiError(response.status, messageFromBody(body, response.status), body)
  }
  return response.blob()
}
