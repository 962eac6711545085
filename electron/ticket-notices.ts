import type { TicketReplyNotice } from '../src/platform/platform'

/** The in-app path of a ticket (the project page's tickets tab with that ticket open). */
export function ticketPath(notice: Pick<TicketReplyNotice, 'project' | 'ticket'>): string {
  return `/project/${notice.project}?tab=tickets&ticket=${notice.ticket}`
}

const id = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null

/** A notice from the renderer, checked field by field; anything else is refused (null). */
export function parseTicketReplyNotice(value: unknown): TicketReplyNotice | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const title = text(v.title, 120)
  const author = text(v.author, 80)
  const excerpt = text(v.excerpt, 200)
  if (!id(v.ticket) || !id(v.project) || !title || !author || !excerpt) return null
  return { ticket: v.ticket, project: v.project, title, author, excerpt }
}

/** The parts of Electron's Notification the notices use. */
export interface NativeNotification {
  on(event: 'click', listener: () => void): unknown
  show(): void
}

export interface TicketNoticeDeps {
  isSupported(): boolean
  create(options: { title: string; body: string }): NativeNotification
  /** True while the user is looking at the app: the reply shows in the window itself then. */
  windowFocused(): boolean
  /** Brings the window forward (opening one if needed) and shows the path in it. */
  open(path: string): void
}

/**
 * Shows a staff reply as a native notification while the app is in the background; clicking it
 * brings the window forward on that ticket. Answers whether a notification was shown.
 */
export function showTicketReply(deps: TicketNoticeDeps, notice: TicketReplyNotice): boolean {
  if (deps.windowFocused() || !deps.isSupported()) return false
  const notification = deps.create({
    title: `New reply: ${notice.title}`,
    body: `${notice.author}: ${notice.excerpt}`,
  })
  notification.on('click', () => deps.open(ticketPath(notice)))
  notification.show()
  return true
}
