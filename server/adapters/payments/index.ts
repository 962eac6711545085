import type { Config } from '../../config'
import type { Executor } from '../../db/client'
import { paymentPaths, type PaymentGatewayName } from '@/contract/payments'
import { FawryGateway } from './fawry'
import { PaymobGateway } from './paymob'
import { SandboxGateway, type SandboxDeliver } from './sandbox'
import { StripeGateway } from './stripe'
export {
  SandboxGateway,
  SANDBOX_CARDS,
  SANDBOX_LOSE_NOTIFICATION,
  SANDBOX_PATH,
  type SandboxDeliver,
  type SandboxPageResult,
} from './sandbox'
import type { CardGateway, PaymentGateway } from './types'

export * from './types'

/**
 * Card and local payment gateways behind one interface (ARCHITECTURE §5; docs/conventions.md "Adapters").
 *
 * The payments module never names a provider: it asks `payments.gateway(name)` for a `PaymentGateway`,
 * starts a checkout for an order with `createCheckout`, and hands every server notification that
 * reaches `/api/payments/{gateway}/webhook/` to that gateway's `parseNotification`, which verifies it
 * (signature / HMAC on the raw bytes) and translates it into a `PaymentNotification`. Everything after
 * that (dedupe by event id, ignoring out-of-order events, marking the order paid, fulfilment exactly
 * once) is the module's job and the same for every gateway and for the sandbox.
 *
 * Each gateway has a real implementation (`stripe.ts`, `paymob.ts`, `fawry.ts`), used when its keys are
 * configured, and the sandbox (`sandbox.ts`) otherwise: a hosted checkout page under `/sandbox/payments/`
 * with test cards that sends signed notifications to the same webhook route.
 *
 * Amounts here are always integer minor units of `currency` (USD cents; EGP piastres for Paymob and
 * Fawry, already converted by the module at `config.payments.usdToEgpRate`).
 */

export interface Payments {
  readonly stripe: CardGateway
  readonly paymob: PaymentGateway
  readonly fawry: PaymentGateway
  gateway(name: PaymentGatewayName): PaymentGateway
  /** Stripe's publishable key for Stripe.js; null when Stripe is the sandbox. */
  readonly stripePublishableKey: string | null
  /** The sandbox gateways share one sandbox (its checkout pages); null when every gateway is real. */
  readonly sandbox: SandboxGateway | null
}

export interface PaymentsDeps {
  /** The sandbox keeps what it took here (its status query for reconciliation). */
  db: Executor
  /** Secret the sandbox signs its notifications with (shared by every instance: derived from JWT_SECRET). */
  sandboxSecret: string
  /** Posts a notification to our own webhook route (the app's `inject`), as the gateway would. */
  deliver: SandboxDeliver
}

/** The real adapter of each configured gateway, the sandbox for the others (ARCHITECTURE §5). */
export function createPayments(config: Config, deps: PaymentsDeps): Payments {
  const settings = config.payments
  const needsSandbox = !settings.stripe || !settings.paymob || !settings.fawry
  const sandbox = needsSandbox
    ? new SandboxGateway({
        publicUrl: config.publicUrl,
        secret: deps.sandboxSecret,
        deliver: deps.deliver,
        pagesEnabled: settings.sandboxPages,
        db: deps.db,
      })
    : null
  const sandboxOf = (name: PaymentGatewayName) => {
    if (!sandbox) throw new Error('unreachable: a gateway without keys always has the sandbox')
    return sandbox.gateway(name)
  }
  const stripe: CardGateway = settings.stripe ? new StripeGateway(settings.stripe) : sandboxOf('stripe')
  const paymob: PaymentGateway = settings.paymob ? new PaymobGateway(settings.paymob) : sandboxOf('paymob')
  const fawry: PaymentGateway = settings.fawry
    ? new FawryGateway(settings.fawry, `${config.publicUrl}${paymentPaths.webhook('fawry')}`)
    : sandboxOf('fawry')
  const byName = { stripe, paymob, fawry }
  return {
    stripe,
    paymob,
    fawry,
    gateway: (name) => byName[name],
    stripePublishableKey: settings.stripe?.publishableKey ?? null,
    sandbox,
  }
}
