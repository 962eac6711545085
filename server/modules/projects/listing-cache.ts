/**
 * A small in-process cache of public listing answers. Every visitor sees the same portfolio, and the
 * embedded database answers one query at a time, so repeating the same few queries for each visitor
 * would cap the API far below its budget. Entries live `ttlMs`; an edit shows within that time on
 * every instance. Concurrent misses share one load, and failures are never cached.
 */
export class ListingCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value
    this.entries.delete(key)
    // Oldest first: visitors typing random searches cannot grow the cache without bound.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.entries.delete(oldest.value)
    }
    const value = load()
    this.entries.set(key, { value, expires: now + this.ttlMs })
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }

  clear() {
    this.entries.clear()
  }
}

/** How long a public listing answer is reused. */
export const LISTING_TTL_MS = 30_000

/**
 * Encoded answers of cached listings, per listing value and request URL (the links in an answer repeat
 * the URL's own query): encoding a page of 20 projects costs more than everything else in the request,
 * so it is done once per listing value. An answer goes when its value leaves the ListingCache.
 */
export class EncodedAnswers<Answer> {
  private readonly byValue = new WeakMap<object, Map<string, Answer>>()

  constructor(private readonly maxPerValue = 20) {}

  get(value: object, url: string, encode: () => Answer): Answer {
    let answers = this.byValue.get(value)
    if (!answers) this.byValue.set(value, (answers = new Map()))
    const hit = answers.get(url)
    if (hit) return hit
    const answer = encode()
    if (answers.size >= this.maxPerValue) answers.clear()
    answers.set(url, answer)
    return answer
  }
}
