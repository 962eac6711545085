import { describe, expect, it } from 'vitest'
import { wizardMessages, type Package } from '../../../../src/contract/apps'
import {
  initialWizard,
  next,
  previous,
  stepError,
  submitError,
  togglePackage,
  toggleService,
  totalPrice,
  type WizardState,
} from '../../../../src/features/apps/wizard'

const pkg = (id: number, service_type: Package['service_type'], price: number): Package => ({
  id,
  name: `P${id}`,
  service_type,
  price,
  duration_months: 12,
  limit: 1000,
  sms_scope: null,
})

describe('the create-app wizard rules', () => {
  it('moves forward only when the step check passes, and back never below 1', () => {
    expect(stepError(initialWizard)).toBe(wizardMessages.appNameRequired)
    expect(next({ ...initialWizard, appName: '   ' }).step).toBe(1)
    expect(stepError({ ...initialWizard, appName: 'x'.repeat(101) })).not.toBeNull()
    const two = next({ ...initialWizard, appName: 'Alerts' })
    expect(two.step).toBe(2)
    expect(stepError(two)).toBe(wizardMessages.serviceRequired)
    expect(previous(previous(two)).step).toBe(1)
  })

  it('toggles services, dropping the package of a deselected one', () => {
    let state: WizardState = { ...initialWizard, step: 3, appName: 'A' }
    state = toggleService(toggleService(state, 'email'), 'sms')
    expect(state.services).toEqual(['sms', 'email'])
    state = togglePackage(state, pkg(1, 'sms', 100))
    expect(stepError(state)).toBe('Please select packages for: email')
    state = toggleService(state, 'sms')
    expect(state.packages.sms).toBeUndefined()
    expect(stepError(state)).toBe(wizardMessages.packageRequired)
  })

  it('deselects a package clicked again and totals the chosen ones', () => {
    let state = toggleService({ ...initialWizard, step: 3, appName: 'A' }, 'sms')
    state = togglePackage(state, pkg(1, 'sms', 100))
    expect(stepError(state)).toBeNull()
    state = togglePackage(state, pkg(2, 'sms', 300))
    expect(state.packages.sms?.id).toBe(2)
    expect(totalPrice(state)).toBe(300)
    state = togglePackage(state, pkg(2, 'sms', 300))
    expect(state.packages.sms).toBeUndefined()
    expect(submitError(state)).toBe(wizardMessages.incomplete)
  })

  it('refuses a total of 0 before creating the app', () => {
    const state = togglePackage(toggleService({ ...initialWizard, appName: 'A' }, 'sms'), pkg(3, 'sms', 0))
    expect(submitError(state)).toBe(wizardMessages.invalidTotal)
  })
})
