import type { DatabaseHandle } from '../../db/client'
import { readFrom, readRecorded, type Recording } from '../../lib/data-versions'

/** The channel of the client_overview triggers (migration 0013): each payload is a user id. */
export const CLIENT_OVERVIEW_CHANNEL = 'client_overview'
const MAX_ENTRIES = 10_000

/**
 * The dashboard's current figures per user, kept in memory on the embedded database, where a dashboard
 * read would otherwise wait its turn on the one connection. The database itself names every user whose
 * figures a committed write changed (triggers on users, clients, apps, project access, project status and
 * messages), whichever code wrote: staff screens, jobs, webhooks. PGlite calls the listener as the write
 * commits, before the writer's query resolves, so no read that starts after a write can see the old
 * figures. On PostgreSQL other instances write too, and nothing is kept here. On both databases the
 * route's whole answer is also a kept answer (server/lib/data-versions.ts): kept until a table it read
 * changes, which any user's message or app drops; this cache then still spares the other users' reads.
 */
export class OverviewCache<Row> {
  private readonly entries = new Map<number, { row: Row; read: Recording }>()
  /** When each user's figures last changed, on `clock`; users not in it changed at `forgottenAt` at most. */
  private readonly changedAt = new Map<number, number>()
  private clock = 0
  private forgottenAt = 0
  private listening = false

  /** Starts listening when the database can tell us about changes; until then nothing is kept. */
  async listen(database: DatabaseHandle): Promise<void> {
    // PostgreSQL announces a change after its commit, a moment after the writer's answer: there the
    // kept answers of server/lib/data-versions.ts (which also hear this process's writes as they are
    // sent) keep the overview instead.
    if (!database.listen || database.kind !== 'pglite') return
    await database.listen(CLIENT_OVERVIEW_CHANNEL, (payload) => this.changed(Number(payload)))
    await database.executeSql(`set cypher.overview_notify = 'on'`)
    this.listening = true
  }

  changed(userId: number): void {
    this.clock += 1
    this.entries.delete(userId)
    if (this.changedAt.size >= MAX_ENTRIES) this.forget()
    this.changedAt.set(userId, this.clock)
  }

  async get(userId: number, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (!this.listening) return load()
    const hit = this.entries.get(userId)
    if (hit) {
      // A kept answer around this read depends on the tables the figures were read from.
      readFrom(hit.read)
      return hit.row
    }
    const startedAt = this.clock
    const { value: row, read } = await readRecorded(load)
    // A change that committed while the figures were being read may not be in them: keep nothing then.
    if (row && (this.changedAt.get(userId) ?? this.forgottenAt) <= startedAt) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
      this.entries.set(userId, { row, read })
    }
    return row
  }

  private forget(): void {
    this.entries.clear()
    this.changedAt.clear()
    this.forgottenAt = this.clock
  }
}
