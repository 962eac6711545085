import { describe, expect, it } from 'vitest'
import {
  accessLevelLabel,
  completedMilestones,
  durationDays,
  websiteLink,
} from '../../../../src/features/portal/project-facts'

describe('durationDays', () => {
  it('is the ceiling of the days between start and end', () => {
    expect(durationDays('2026-01-01', '2026-03-01')).toBe(59)
    expect(durationDays('2026-01-01T00:00:00Z', '2026-01-03T01:00:00Z')).toBe(3)
    expect(durationDays('2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z')).toBe(1)
    expect(durationDays('2026-01-01', '2026-01-01')).toBe(0)
  })

  it('is unknown without both dates', () => {
    expect(durationDays(null, '2026-01-01')).toBeNull()
    expect(durationDays('2026-01-01', null)).toBeNull()
    expect(durationDays('soon', '2026-01-01')).toBeNull()
  })
})

describe('project rules', () => {
  it('counts completed milestones as those with status paid', () => {
    expect(completedMilestones([{ status: 'paid' }, { status: 'pending' }, { status: 'paid' }])).toBe(2)
  })

  it('takes the website from the links of type website', () => {
    expect(websiteLink([{ link_type: 'staging', url: 'https://s', title: '' }])).toBeNull()
    expect(
      websiteLink([
        { link_type: 'staging', url: 'https://s', title: '' },
        { link_type: 'website', url: 'https://w', title: '' },
      ])?.url,
    ).toBe('https://w')
  })

  it("reads a missing access level as 'View'", () => {
    expect(accessLevelLabel(null)).toBe('View')
    expect(accessLevelLabel('')).toBe('View')
    expect(accessLevelLabel('admin')).toBe('Admin')
  })
})
