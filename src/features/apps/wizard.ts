import { APP_NAME_MAX, SERVICE_TYPES, wizardMessages, type Package, type ServiceType } from '@/contract/apps'

/** The create-app wizard's state (spec 001 §2, §4, §5). */
export interface WizardState {
  step: 1 | 2 | 3 | 4
  appName: string
  services: ServiceType[]
  packages: Partial<Record<ServiceType, Package>>
}

export const WIZARD_STEPS = ['App Details', 'Service Type', 'Select Package', 'Payment'] as const

export const initialWizard: WizardState = { step: 1, appName: '', services: [], packages: {} }

/** The message that stops the step from moving forward, or null when its check passes. */
export function stepError(state: WizardState): string | null {
  if (state.step === 1) {
    const name = state.appName.trim()
    if (!name) return wizardMessages.appNameRequired
    if (name.length > APP_NAME_MAX) return `The app name can have at most ${APP_NAME_MAX} characters.`
    return null
  }
  if (state.step === 2) return state.services.length === 0 ? wizardMessages.serviceRequired : null
  if (state.step === 3) {
    const chosen = state.services.filter((s) => state.packages[s])
    if (chosen.length === 0) return wizardMessages.packageRequired
    const missing = state.services.filter((s) => !state.packages[s])
    if (missing.length > 0) return wizardMessages.packagesMissing(missing)
    return null
  }
  return null
}

/**
 * The final check before submitting (spec 001 §5 "Final"). The payment method is chosen in the shared
 * checkout that follows, so it is not part of this check.
 */
export function submitError(state: WizardState): string | null {
  const complete =
    state.appName.trim() !== '' && state.services.length > 0 && state.services.every((s) => state.packages[s])
  if (!complete) return wizardMessages.incomplete
  if (totalPrice(state) <= 0) return wizardMessages.invalidTotal
  return null
}

export function next(state: WizardState): WizardState {
  return stepError(state) || state.step === 4
    ? state
    : { ...state, step: (state.step + 1) as WizardState['step'] }
}

/** Previous goes back, never below 1. */
export function previous(state: WizardState): WizardState {
  return { ...state, step: Math.max(1, state.step - 1) as WizardState['step'] }
}

/** Selecting a service toggles it; deselecting removes its chosen package. */
export function toggleService(state: WizardState, service: ServiceType): WizardState {
  if (state.services.includes(service)) {
    const { [service]: _removed, ...packages } = state.packages
    return { ...state, services: state.services.filter((s) => s !== service), packages }
  }
  return { ...state, services: SERVICE_TYPES.filter((s) => s === service || state.services.includes(s)) }
}

/** Clicking a selected package again deselects it. */
export function togglePackage(state: WizardState, pkg: Package): WizardState {
  const current = state.packages[pkg.service_type]
  const packages = { ...state.packages }
  if (current?.id === pkg.id) delete packages[pkg.service_type]
  else packages[pkg.service_type] = pkg
  return { ...state, packages }
}

export function totalPrice(state: WizardState): number {
  return state.services.reduce((sum, s) => sum + (state.packages[s]?.price ?? 0), 0)
}
