import * as z from 'zod/mini'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '../../../src/contract/messages'
import { apiRequest, ApiError, messageFromBody } from '../../../src/lib/api-client'
import { ACCESS_TOKEN_KEY, session, USER_KEY } from '../../../src/lib/session'
import { json } from '../helpers/http'
import { signedIn } from '../helpers/session'

const okSchema = z.object({ ok: z.boolean() })

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  signedIn('old-access')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest', () => {
  it('sends the access token as a Bearer header and parses the answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }))
    await expect(apiRequest('/api/x/', { schema: okSchema, auth: true })).resolves.toEqual({ ok: true })
    expect(fetchMock.mock.calls[0]?.[1].headers.Authorization).toBe('Bearer old-access')
  })

  it('refreshes once on a 401 and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'r2' }))
      .mockResolvedValueOnce(json(200, { ok: true }))
    await expect(apiRequest('/api/x/', { schema: okSchema, auth: true })).resolves.toEqual({ ok: true })
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/token/refresh/')
    expect(fetchMock.mock.calls[2]?.[1].headers.Authorization).toBe('Bearer new-access')
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('new-access')
  })

  it('signs out when the refresh is refused', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(401, { detail: 'no' }))
    await expect(apiRequest('/api/x/', { schema: okSchema, auth: true })).rejects.toMatchObject({
      status: 401,
    })
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(window.localStorage.getItem(USER_KEY)).toBeNull()
    expect(session.getState()).toEqual({ status: 'signed-out' })
  })

  it('fails without a stored token with the spec message, without calling the server', async () => {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY)
    await expect(apiRequest('/api/x/', { schema: okSchema, auth: true })).rejects.toThrow(messages.noToken)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reads an HTML answer as the spec message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html></html>', { status: 404, headers: { 'content-type': 'text/html' } }),
    )
    await expect(apiRequest('/api/x/', { schema: okSchema })).rejects.toThrow(messages.htmlResponse(404))
  })

  it('reads a non-JSON success as an invalid response', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('ok', { status: 200, headers: { 'content-type': 'text/plain' } }),
    )
    await expect(apiRequest('/api/x/', { schema: okSchema })).rejects.toThrow(messages.invalidResponse)
  })

  it('refuses an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fetchMock.mockResolvedValueOnce(json(200, { ok: 'yes' }))
    await expect(apiRequest('/api/x/', { schema: okSchema })).rejects.toThrow(messages.invalidResponse)
  })

  it('exposes field errors of a failure', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { detail: 'Invalid input.', email: ['Bad e-mail.'] }))
    const error = await apiRequest('/api/x/', { schema: okSchema, method: 'POST', json: {} }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).fields).toEqual({ email: ['Bad e-mail.'] })
    expect((error as ApiError).message).toBe('Invalid input.')
  })
})

describe('messageFromBody', () => {
  it('prefers detail, then message, then error, then field lists, then the status text', () => {
    expect(messageFromBody({ detail: 'd', message: 'm' }, 400)).toBe('d')
    expect(messageFromBody({ message: 'm', error: 'e' }, 400)).toBe('m')
    expect(messageFromBody({ error: 'e' }, 400)).toBe('e')
    expect(messageFromBody({ title: ['Required.'], file: ['Too big.'] }, 400)).toBe(
      'title: Required.; file: Too big.',
    )
    expect(messageFromBody(null, 502)).toBe('HTTP error! status: 502')
  })
})
