import { z } from 'zod'
import { blankAsUnset, boolish, withoutTrailingSlash } from './values'

/** The payment gateways (Stripe, Paymob, Fawry; each unset means its sandbox) and receipts. */
export const paymentsEnv = z.object({
  /** EGP charged per USD by Paymob and Fawry (spec: 1 USD = 30 EGP). */
  USD_TO_EGP_RATE: z.preprocess(blankAsUnset, z.coerce.number().positive().max(10_000).default(30)),
  /** Seconds a checkout stays open before reconciliation asks its gateway how it stands (default 120). */
  PAYMENTS_RECONCILE_AFTER_S: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1).max(86_400).default(120),
  ),
  /** Serve the sandbox checkout pages (/sandbox/payments/…); default: on a loopback HOST only. */
  PAYMENTS_SANDBOX: z.preprocess(blankAsUnset, boolish.optional()),
  /** Stripe: all three keys, or none for the sandbox. STRIPE_API_URL points the SDK elsewhere (tests). */
  STRIPE_SECRET_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    blankAsUnset,
    z.string().regex(/^pk_/, 'must start with pk_').optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(blankAsUnset, z.url().optional()),
  /** Paymob Accept: all four, or none for the sandbox. */
  PAYMOB_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  PAYMOB_INTEGRATION_ID: z.preprocess(blankAsUnset, z.string().regex(/^\d+$/, 'must be a number').optional()),
  PAYMOB_IFRAME_ID: z.preprocess(blankAsUnset, z.string().regex(/^\d+$/, 'must be a number').optional()),
  PAYMOB_HMAC_SECRET: z.preprocess(blankAsUnset, z.string().optional()),
  PAYMOB_API_URL: z.preprocess(blankAsUnset, z.url().default('https://accept.paymob.com')),
  /** Fawry: both, or none for the sandbox; FAWRY_API_URL is the staging host until production. */
  FAWRY_MERCHANT_CODE: z.preprocess(blankAsUnset, z.string().optional()),
  FAWRY_SECURE_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  FAWRY_API_URL: z.preprocess(blankAsUnset, z.url().default('https://atfawry.fawrystaging.com')),
  /** Tax rate on receipts in percent (0 to 100). */
  RECEIPT_TAX_RATE: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(100).default(0)),
})

type PaymentsEnv = z.infer<typeof paymentsEnv>

/** Gateways: each null means its sandbox. */
export interface PaymentsConfig {
  usdToEgpRate: number
  /** Whether the sandbox checkout pages are served (they mark orders paid with test cards). */
  sandboxPages: boolean
  /** How long a checkout stays open before reconciliation first asks its gateway (seconds). */
  reconcileAfterSeconds: number
  stripe: {
    secretKey: string
    publishableKey: string
    webhookSecret: string
    apiUrl: string | undefined
  } | null
  paymob: {
    apiKey: string
    integrationId: number
    iframeId: number
    hmacSecret: string
    apiUrl: string
  } | null
  fawry: { merchantCode: string; secureKey: string; apiUrl: string } | null
}

/** A gateway set up in part: all of its variables, or none for its sandbox. */
export function paymentsProblems(env: PaymentsEnv): string[] {
  const gatewayParts: [string, unknown[]][] = [
    [
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET],
    ],
    [
      'PAYMOB_API_KEY, PAYMOB_INTEGRATION_ID, PAYMOB_IFRAME_ID, PAYMOB_HMAC_SECRET',
      [env.PAYMOB_API_KEY, env.PAYMOB_INTEGRATION_ID, env.PAYMOB_IFRAME_ID, env.PAYMOB_HMAC_SECRET],
    ],
    ['FAWRY_MERCHANT_CODE, FAWRY_SECURE_KEY', [env.FAWRY_MERCHANT_CODE, env.FAWRY_SECURE_KEY]],
  ]
  return gatewayParts
    .filter(([, parts]) => parts.some(Boolean) && !parts.every(Boolean))
    .map(([names]) => `${names}: set all of them to use the gateway, or none for its sandbox`)
}

/** `onLoopback`: the instance listens on a loopback address (the sandbox pages' default). */
export function paymentsConfig(env: PaymentsEnv, onLoopback: boolean): PaymentsConfig {
  return {
    usdToEgpRate: env.USD_TO_EGP_RATE,
    sandboxPages: env.PAYMENTS_SANDBOX ?? onLoopback,
    reconcileAfterSeconds: env.PAYMENTS_RECONCILE_AFTER_S,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL?.replace(/\/$/, ''),
          }
        : null,
    paymob:
      env.PAYMOB_API_KEY && env.PAYMOB_INTEGRATION_ID && env.PAYMOB_IFRAME_ID && env.PAYMOB_HMAC_SECRET
        ? {
            apiKey: env.PAYMOB_API_KEY,
            integrationId: Number(env.PAYMOB_INTEGRATION_ID),
            iframeId: Number(env.PAYMOB_IFRAME_ID),
            hmacSecret: env.PAYMOB_HMAC_SECRET,
            apiUrl: withoutTrailingSlash(env.PAYMOB_API_URL),
          }
        : null,
    fawry:
      env.FAWRY_MERCHANT_CODE && env.FAWRY_SECURE_KEY
        ? {
            merchantCode: env.FAWRY_MERCHANT_CODE,
            secureKey: env.FAWRY_SECURE_KEY,
            apiUrl: withoutTrailingSlash(env.FAWRY_API_URL),
          }
        : null,
  }
}
