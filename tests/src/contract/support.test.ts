import { describe, expect, it } from 'vitest'
import { isOverdue } from '../../../src/contract/support'

describe('tickets', () => {
  const now = new Date('2026-03-05T12:00:00Z')
  it('is overdue when the due date has passed and it is neither resolved nor closed', () => {
    expect(isOverdue('2026-03-05T11:59:59Z', 'open', now)).toBe(true)
    expect(isOverdue('2026-03-05T11:59:59Z', 'waiting_on_client', now)).toBe(true)
    expect(isOverdue('2026-03-05T12:00:01Z', 'open', now)).toBe(false)
    expect(isOverdue('2026-03-01T00:00:00Z', 'resolved', now)).toBe(false)
    expect(isOverdue('2026-03-01T00:00:00Z', 'closed', now)).toBe(false)
    expect(isOverdue(null, 'open', now)).toBe(false)
  })
})
