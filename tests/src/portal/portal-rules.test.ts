import { describe, expect, it } from 'vitest'
import { truncateApiKey } from '../../../src/features/apps/api-key'
import {
  accessLevelLabel,
  completedMilestones,
  durationDays,
  websiteLink,
} from '../../../src/features/portal/project-facts'
import { appStatusColour, milestoneColour, statusColour } from '../../../src/contract/status-colours'
import { isOverdue } from '../../../src/contract/support'
import { visibleInPanel } from '../../../src/features/support/activity-panel'
import { filterApps } from '../../../src/features/apps/filter-apps'
import { app } from './fixtures'

describe('status colours of spec 001 §4', () => {
  it.each([
    ['new', 'blue'],
    ['completed', 'blue'],
    ['open', 'green'],
    ['active', 'green'],
    ['in_progress', 'yellow'],
    ['on_hold', 'yellow'],
    ['waiting_on_client', 'orange'],
    ['waiting_on_third_party', 'purple'],
    ['resolved', 'emerald'],
    ['cancelled', 'red'],
    ['closed', 'grey'],
    ['archived', 'grey'],
  ])('%s is %s', (status, colour) => {
    expect(statusColour(status)).toBe(colour)
  })

  it('colours milestones paid green, pending yellow, anything else red', () => {
    expect(milestoneColour('paid')).toBe('green')
    expect(milestoneColour('pending')).toBe('yellow')
    expect(milestoneColour('overdue')).toBe('red')
    expect(milestoneColour('invoiced')).toBe('red')
  })

  it('colours apps active green, maintenance yellow, the rest grey', () => {
    expect(appStatusColour('active')).toBe('green')
    expect(appStatusColour('maintenance')).toBe('yellow')
    expect(appStatusColour('inactive')).toBe('grey')
    expect(appStatusColour('suspended')).toBe('grey')
  })
})

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

  it("reads a missing access level as 'View' and shows API keys by their first 8 characters", () => {
    expect(accessLevelLabel(null)).toBe('View')
    expect(accessLevelLabel('')).toBe('View')
    expect(accessLevelLabel('admin')).toBe('Admin')
    expect(truncateApiKey('cyk_1234567890')).toBe('cyk_1234...')
    expect(truncateApiKey(null)).toBe('Not available')
  })
})

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

describe('filterApps', () => {
  const apps = [
    app({ id: 1, name: 'Order Alerts', status: 'active' }),
    app({ id: 2, name: 'Newsletter', description: 'Monthly news', status: 'maintenance' }),
    app({ id: 3, name: 'Legacy OTP', status: 'inactive' }),
  ]
  it('filters by status and by name or description', () => {
    expect(filterApps(apps, { status: 'all', search: '' })).toHaveLength(3)
    expect(filterApps(apps, { status: 'maintenance', search: '' }).map((a) => a.id)).toEqual([2])
    expect(filterApps(apps, { status: 'all', search: 'MONTHLY' }).map((a) => a.id)).toEqual([2])
    expect(filterApps(apps, { status: 'active', search: 'news' })).toEqual([])
  })
})
