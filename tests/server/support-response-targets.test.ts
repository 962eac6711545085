import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { dueDateFor, parseResponseTargets, DEFAULT_RESPONSE_TARGETS } from '../../server/lib/response-targets'

describe('response targets', () => {
  it('counts business days from Monday to Friday and urgent in hours', () => {
    const friday = new Date('2026-03-06T10:00:00Z')
    expect(dueDateFor(friday, { unit: 'business_days', amount: 1 }).toISOString()).toBe(
      '2026-03-09T10:00:00.000Z',
    )
    expect(dueDateFor(friday, { unit: 'business_days', amount: 3 }).toISOString()).toBe(
      '2026-03-11T10:00:00.000Z',
    )
    const saturday = new Date('2026-03-07T09:00:00Z')
    expect(dueDateFor(saturday, { unit: 'business_days', amount: 1 }).toISOString()).toBe(
      '2026-03-09T09:00:00.000Z',
    )
    expect(dueDateFor(friday, DEFAULT_RESPONSE_TARGETS.urgent).toISOString()).toBe('2026-03-06T14:00:00.000Z')
  })

  it('reads SUPPORT_RESPONSE_TARGETS and names a bad part', () => {
    expect(parseResponseTargets('urgent=2h, low=10bd')).toEqual({
      ...DEFAULT_RESPONSE_TARGETS,
      urgent: { unit: 'hours', amount: 2 },
      low: { unit: 'business_days', amount: 10 },
    })
    expect(() => parseResponseTargets('critical=1h')).toThrow(/critical=1h/)
    expect(() => parseResponseTargets('high=0bd')).toThrow(/at least 1/)
  })

  it('is configured by SUPPORT_RESPONSE_TARGETS, and a bad value stops the server naming it', () => {
    expect(loadConfig({ SUPPORT_RESPONSE_TARGETS: 'medium=2bd' }).supportResponseTargets.medium).toEqual({
      unit: 'business_days',
      amount: 2,
    })
    expect(loadConfig({}).supportResponseTargets).toEqual(DEFAULT_RESPONSE_TARGETS)
    expect(() => loadConfig({ SUPPORT_RESPONSE_TARGETS: 'urgent=soon' })).toThrow(/SUPPORT_RESPONSE_TARGETS/)
  })
})
