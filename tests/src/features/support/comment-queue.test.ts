import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../src/lib/api-client'
import {
  keepsTrying,
  RETRY_BASE_MS,
  retryNow,
  retryStateOf,
  sendUntilSettled,
  wasRetried,
} from '../../../../src/features/support/api/comment-queue'

afterEach(() => {
  vi.useRealTimers()
})

describe('the comment queue', () => {
  it('keeps a write on 5xx, 503, 408, 429 and no answer; lets it go on 2xx-refusals (4xx) and 401', () => {
    for (const status of [500, 502, 503, 408, 425, 429])
      expect(keepsTrying(new ApiError(status, 'x'))).toBe(true)
    expect(keepsTrying(new TypeError('Failed to fetch'))).toBe(true)
    expect(keepsTrying(new DOMException('timed out', 'TimeoutError'))).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422])
      expect(keepsTrying(new ApiError(status, 'x'))).toBe(false)
  })

  it('tries again with a growing wait, says when and why, and delivers once the server recovers', async () => {
    vi.useFakeTimers()
    const answers = [new ApiError(503, 'Service unavailable.'), new ApiError(503, 'Service unavailable.')]
    const send = vi.fn(async () => {
      const next = answers.shift()
      if (next) throw next
      return 'stored'
    })
    const result = sendUntilSettled('ref-503', send)
    await vi.advanceTimersByTimeAsync(0)
    expect(send).toHaveBeenCalledTimes(1)
    const first = retryStateOf('ref-503')
    expect(first?.reason).toBe('Service unavailable.')
    expect(first?.at).toBe(Date.now() + RETRY_BASE_MS)
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS)
    expect(send).toHaveBeenCalledTimes(2)
    // The second wait is twice as long; Retry sends it at once.
    expect(retryStateOf('ref-503')?.at).toBe(Date.now() + 2 * RETRY_BASE_MS)
    retryNow('ref-503')
    await expect(result).resolves.toBe('stored')
    expect(send).toHaveBeenCalledTimes(3)
    expect(retryStateOf('ref-503')).toBeUndefined()
    expect(wasRetried('ref-503')).toBe(true)
  })

  it('gives up at once on a refusal that will never pass', async () => {
    const refusal = new ApiError(400, 'This ticket is closed.')
    const send = vi.fn(async () => {
      throw refusal
    })
    await expect(sendUntilSettled('ref-400', send)).rejects.toBe(refusal)
    expect(send).toHaveBeenCalledTimes(1)
    expect(wasRetried('ref-400')).toBe(false)
  })
})
