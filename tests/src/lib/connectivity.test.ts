import { afterEach, describe, expect, it, vi } from 'vitest'
import { Connectivity, isNoAnswer, PROBE_INTERVAL_MS } from '../../../src/lib/connectivity'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('connectivity (issue 27: a network that answers nothing)', () => {
  it('counts a request without an answer as offline although the browser says online, until a probe is answered', async () => {
    vi.useFakeTimers()
    let answering = false
    const fetchMock = vi.fn(async () => {
      if (!answering) throw new TypeError('Failed to fetch')
      return new Response('ok')
    })
    vi.stubGlobal('fetch', fetchMock)
    const connectivity = new Connectivity(
      () => '/healthz',
      () => true,
    )
    const seen: boolean[] = []
    connectivity.subscribe(() => seen.push(connectivity.online()))
    expect(connectivity.online()).toBe(true)

    connectivity.noAnswer()
    expect(connectivity.online()).toBe(false)
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(fetchMock).toHaveBeenCalledWith('/healthz', expect.objectContaining({ cache: 'no-store' }))
    expect(connectivity.online()).toBe(false)

    // The network comes back with no 'online' event: the next probe finds it.
    answering = true
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(connectivity.online()).toBe(true)
    expect(seen).toEqual([false, true])
  })

  it("takes the browser's 'online' event as a reason to probe, not as proof", async () => {
    const events = new EventTarget()
    let browserOnline = false
    let answering = false
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!answering) throw new TypeError('Failed to fetch')
        return new Response('ok')
      }),
    )
    const connectivity = new Connectivity(
      () => '/healthz',
      () => browserOnline,
    )
    connectivity.follow(events as unknown as Window)
    browserOnline = true
    events.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(connectivity.online()).toBe(false)
    answering = true
    expect(await connectivity.probe()).toBe(true)
    expect(connectivity.online()).toBe(true)
  })

  it('tells no answer (network error, timeout) from an abort the page chose', () => {
    expect(isNoAnswer(new TypeError('Failed to fetch'))).toBe(true)
    expect(isNoAnswer(new DOMException('timed out', 'TimeoutError'))).toBe(true)
    expect(isNoAnswer(new DOMException('aborted', 'AbortError'))).toBe(false)
  })
})
