import type { CheckoutRequest } from './types'

/**
 * What every real gateway has in common: its name, the one currency it charges, the client of its API,
 * and the refusal of a checkout in any other currency (the sandbox is the only gateway that is not real).
 */
export abstract class RealGateway<Name extends string, Currency extends CheckoutRequest['currency'], Client> {
  readonly sandbox = false

  constructor(
    readonly name: Name,
    readonly currency: Currency,
    readonly client: Client,
  ) {}

  /** Throws unless the checkout is charged in this gateway's currency ("Stripe checkouts are charged in USD"). */
  protected checkCurrency(request: CheckoutRequest): void {
    if (request.currency !== this.currency) {
      const title = this.name.charAt(0).toUpperCase() + this.name.slice(1)
      throw new Error(`${title} checkouts are charged in ${this.currency}`)
    }
  }
}
