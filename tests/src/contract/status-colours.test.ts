import { describe, expect, it } from 'vitest'
import {
  appStatusColour,
  milestoneColour,
  orderStatusColour,
  statusColour,
} from '../../../src/contract/status-colours'

describe('status colours of spec 001 §4', () => {
  it("colours a status outside the spec's map grey", () => {
    expect(statusColour('archived')).toBe('grey')
    expect(statusColour(null)).toBe('grey')
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

  it('colours orders paid green, pending yellow, failed red, refunded purple, cancelled grey', () => {
    expect(orderStatusColour('paid')).toBe('green')
    expect(orderStatusColour('pending')).toBe('yellow')
    expect(orderStatusColour('failed')).toBe('red')
    expect(orderStatusColour('refunded')).toBe('purple')
    expect(orderStatusColour('cancelled')).toBe('grey')
  })
})
