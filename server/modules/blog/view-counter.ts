import type { Executor } from '../../db/client'
import * as repo from './repository'

/** How often the views counted in memory are written: a crash loses at most this long's views. */
export const VIEW_FLUSH_MS = 10_000

/**
 * Views of blog posts, counted in memory and written in one statement per post every VIEW_FLUSH_MS
 * (issue 31): a read of a post is then a read, not a write per request, so it no longer takes the
 * embedded database's only writer nor drops the kept blog lists on every view. A post's answer shows
 * its stored total plus this instance's unwritten views; lists show the stored totals, so they catch up
 * within VIEW_FLUSH_MS. A crash loses the unwritten views (a count, never money).
 */
export class ViewCounter {
  /** Views not yet written, by post id. */
  private readonly pending = new Map<number, number>()
  /** Views being written right now: still added to answers until the write has committed. */
  private readonly writing = new Map<number, number>()
  private flushing: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private readonly written = new Set<() => void>()

  constructor(
    private readonly db: Executor,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Counts one view of `postId`; answers the views of it this instance has not written yet. */
  count(postId: number): number {
    const views = (this.pending.get(postId) ?? 0) + 1
    this.pending.set(postId, views)
    this.timer ??= setTimeout(() => {
      this.timer = null
      void this.flush()
    }, VIEW_FLUSH_MS).unref()
    return views + (this.writing.get(postId) ?? 0)
  }

  /**
   * Told when a write has committed, before its views leave the answers: a post kept with the total
   * from before it must go then (on PostgreSQL the change's announcement comes a moment later).
   */
  onWritten(listener: () => void): void {
    this.written.add(listener)
  }

  /** Writes every view counted so far (and waits for a write already under way). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (this.pending.size === 0) return
    for (const [id, views] of this.pending) this.writing.set(id, views)
    this.pending.clear()
    this.flushing = (async () => {
      try {
        await repo.addViews(this.db, this.writing)
        for (const listener of this.written) listener()
      } catch (error) {
        // Counted again at the next write.
        for (const [id, views] of this.writing) this.pending.set(id, (this.pending.get(id) ?? 0) + views)
        this.onError(error)
      } finally {
        this.writing.clear()
        this.flushing = null
      }
    })()
    await this.flushing
  }

  /** Writes what is left and stops the timer (on close; the database must still be open). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.flush()
  }
}
