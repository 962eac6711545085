import { describe, expect, it, vi } from 'vitest'
import { parseTicketReplyNotice, showTicketReply, ticketPath } from '../../electron/ticket-notices'

const notice = { ticket: 9, project: 4, title: 'Invoice wrong', author: 'Sam Staff', excerpt: 'Corrected.' }

function deps(focused: boolean) {
  const shown: Array<{ options: { title: string; body: string }; click?: () => void }> = []
  return {
    shown,
    open: vi.fn(),
    isSupported: () => true,
    windowFocused: () => focused,
    create(options: { title: string; body: string }) {
      const entry: (typeof shown)[number] = { options }
      return {
        on: (_event: 'click', listener: () => void) => void (entry.click = listener),
        show: () => void shown.push(entry),
      }
    },
  }
}

describe('ticket reply notices', () => {
  it('show a notification while the window is in the background, opening the ticket on click', () => {
    const d = deps(false)
    expect(showTicketReply(d, notice)).toBe(true)
    expect(d.shown[0]?.options).toEqual({ title: 'New reply: Invoice wrong', body: 'Sam Staff: Corrected.' })
    d.shown[0]?.click?.()
    expect(d.open).toHaveBeenCalledWith('/project/4?tab=tickets&ticket=9')
  })

  it('stay quiet while the user looks at the window or the system has no notifications', () => {
    const focused = deps(true)
    expect(showTicketReply(focused, notice)).toBe(false)
    expect(focused.shown).toHaveLength(0)
    const unsupported = { ...deps(false), isSupported: () => false }
    expect(showTicketReply(unsupported, notice)).toBe(false)
  })

  it('accept only whole notices with positive ids and trim long texts', () => {
    expect(parseTicketReplyNotice(notice)).toEqual(notice)
    expect(parseTicketReplyNotice({ ...notice, excerpt: 'x'.repeat(500) })?.excerpt).toHaveLength(200)
    expect(parseTicketReplyNotice({ ...notice, ticket: 1.5 })).toBeNull()
    expect(parseTicketReplyNotice({ ...notice, title: 3 })).toBeNull()
    expect(parseTicketReplyNotice(undefined)).toBeNull()
    expect(ticketPath({ project: 1, ticket: 2 })).toBe('/project/1?tab=tickets&ticket=2')
  })
})
