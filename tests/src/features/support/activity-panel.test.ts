import { describe, expect, it } from 'vitest'
import { visibleInPanel } from '../../../../src/features/support/activity-panel'

describe('visibleInPanel', () => {
  it('keeps activities of the four named types or whose description mentions a ticket', () => {
    expect(visibleInPanel({ activity_type: 'status_changed', description: 'Status changed' })).toBe(true)
    expect(
      visibleInPanel({ activity_type: 'priority_changed', description: 'Ticket priority changed' }),
    ).toBe(true)
    expect(
      visibleInPanel({ activity_type: 'escalated', description: 'Escalated to the platform team' }),
    ).toBe(false)
  })
})
