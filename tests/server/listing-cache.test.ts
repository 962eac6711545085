import { afterEach, describe, expect, it, vi } from 'vitest'
import { EncodedAnswers, ListingCache } from '../../server/modules/projects/listing-cache'

afterEach(() => {
  vi.useRealTimers()
})

describe('ListingCache', () => {
  it('reuses an answer until it is older than its time to live', async () => {
    vi.useFakeTimers()
    const cache = new ListingCache<number>(30_000, 10)
    const load = vi.fn(async () => load.mock.calls.length)
    expect(await cache.get('a', load)).toBe(1)
    vi.advanceTimersByTime(29_000)
    expect(await cache.get('a', load)).toBe(1)
    vi.advanceTimersByTime(2_000)
    expect(await cache.get('a', load)).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('shares one load between concurrent requests for the same key', async () => {
    const cache = new ListingCache<string>(30_000, 10)
    let release: (value: string) => void = () => {}
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)))
    const both = Promise.all([cache.get('k', load), cache.get('k', load)])
    release('done')
    expect(await both).toEqual(['done', 'done'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('never keeps a failed load', async () => {
    const cache = new ListingCache<string>(30_000, 10)
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow()
    await expect(cache.get('k', async () => 'recovered')).resolves.toBe('recovered')
  })

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const cache = new ListingCache<string>(30_000, 2)
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('c', async () => 'c1')
    expect(await cache.get('b', async () => 'b2')).toBe('b1')
    expect(await cache.get('a', async () => 'a2')).toBe('a2')
  })
})

describe('EncodedAnswers', () => {
  it('encodes once per listing value and URL, and again for a new value of the listing', () => {
    const answers = new EncodedAnswers<string>()
    const encode = vi.fn(() => `answer ${encode.mock.calls.length}`)
    const page = { results: [1, 2] }
    expect(answers.get(page, '/list/?page=1', encode)).toBe('answer 1')
    expect(answers.get(page, '/list/?page=1', encode)).toBe('answer 1')
    expect(answers.get(page, '/list/?page=1&x=', encode)).toBe('answer 2')
    expect(answers.get({ results: [1, 2] }, '/list/?page=1', encode)).toBe('answer 3')
    expect(encode).toHaveBeenCalledTimes(3)
  })

  it('keeps at most its limit of URLs per value', () => {
    const answers = new EncodedAnswers<string>(2)
    const page = {}
    const encode = vi.fn(() => 'answer')
    for (const url of ['/a', '/b', '/c', '/a']) answers.get(page, url, encode)
    expect(encode).toHaveBeenCalledTimes(4)
  })
})
