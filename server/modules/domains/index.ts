/** The public face of this module: what app.ts and other code may import. */
import type { Registrar } from '../../adapters/registrar'
import type { OrderHooks } from '../payments'
import { checkNameHeld, fulfilRegistration, fulfilRenewal, releaseCancelledRegistration } from './orders'

export { domainRoutes } from './routes'
export { domainsExpiring } from './repository'

/** Paid domain orders are fulfilled here: registered or renewed at the registrar; a cancelled one frees its name. */
export function registerDomainFulfillers(hooks: OrderHooks, registrar: Registrar): void {
  hooks.registerFulfiller('domain_registration', fulfilRegistration(registrar))
  hooks.registerFulfiller('domain_renewal', fulfilRenewal(registrar))
  hooks.onCancelled((tx, order) => releaseCancelledRegistration(tx, order))
  hooks.registerPayableCheck('domain_registration', checkNameHeld)
}
