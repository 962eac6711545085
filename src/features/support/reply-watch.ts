import type { QueryClient } from '@tanstack/react-query'
import { ticketListSchema, type TicketDetail } from '@/contract/support'
import type { TicketReplyNotice } from '@/platform/platform'
import { apiRequest } from '@/lib/api-client'
import { ticketQueryOptions } from './api/get-ticket'

/** How often the desktop app looks for staff replies while it runs (in the background too). */
export const REPLY_CHECK_INTERVAL_MS = 60_000

const EXCERPT_MAX = 140

/** Staff replies a client can see, written after `since` (all of them when there is no `since`). */
export function newStaffReplies(ticket: TicketDetail, since: number | null): TicketReplyNotice[] {
  return ticket.comments
    .filter(
      (c) => c.author.is_staff && !c.is_internal && (since === null || Date.parse(c.created_at) > since),
    )
    .map((c) => {
      const text = c.content.replace(/\s+/g, ' ').trim()
      return {
        ticket: ticket.id,
        project: ticket.project,
        title: ticket.title,
        author: `${c.author.first_name} ${c.author.last_name}`.trim() || 'Support team',
        excerpt: text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text,
      }
    })
}

/**
 * Looks at the client's tickets with the latest activity first; a ticket updated since the last look
 * is read again (which also refreshes its cached copy) and each new staff reply is announced. The first
 * look only notes where things stand: replies the user could already see are not announced.
 */
export class TicketReplyWatch {
  private since: number | null = null
  private started = false
  private timer: ReturnType<typeof setInterval> | null = null
  private running: Promise<void> | null = null
  /** Bumped by stop(): a look still under way for a user who has gone announces nothing. */
  private generation = 0

  constructor(
    private readonly queryClient: QueryClient,
    private readonly notify: (notice: TicketReplyNotice) => void,
  ) {}

  start() {
    this.stop()
    this.timer = setInterval(() => void this.check(), REPLY_CHECK_INTERVAL_MS)
    void this.check()
  }

  stop() {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.generation += 1
    this.since = null
    this.started = false
  }

  /** One look; overlapping calls share it. */
  check(): Promise<void> {
    this.running ??= this.look().finally(() => (this.running = null))
    return this.running
  }

  private async look() {
    if (!this.timer || !navigator.onLine) return
    const generation = this.generation
    const current = () => generation === this.generation
    try {
      const list = await apiRequest('/api/support/tickets/', {
        schema: ticketListSchema,
        auth: true,
        query: { sort: 'updated' },
      })
      if (!current()) return
      const updated = list.results.map((t) => ({ ...t, at: Date.parse(t.updated_at) }))
      const newest = Math.max(this.since ?? 0, ...updated.map((t) => t.at))
      if (!this.started) {
        this.started = true
        this.since = updated.length > 0 ? newest : null
        return
      }
      const since = this.since
      for (const ticket of updated.filter((t) => since === null || t.at > since)) {
        const detail = await this.queryClient.fetchQuery({ ...ticketQueryOptions(ticket.id), staleTime: 0 })
        if (!current()) return
        for (const notice of newStaffReplies(detail, since)) this.notify(notice)
      }
      if (updated.length > 0 && current()) this.since = newest
    } catch {
      // Offline, signed out meanwhile or a server hiccup: the next look tries again.
    }
  }
}
