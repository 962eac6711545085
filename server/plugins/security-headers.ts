import type { IncomingMessage } from 'node:http'
import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
import { isCheckoutPage, STRIPE_CSP } from '@/contract/checkout-pages'
import { PRERENDER_HEAD_SCRIPT_HASH } from '../lib/app-shell'

/**
 * The CSP allows only what the renderer uses. Mantine writes its CSS variables into style
 * attributes, hence 'unsafe-inline' for styles only; scripts stay same-origin.
 */
export const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", PRERENDER_HEAD_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'none'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>

type DirectiveValue = string | ((request: IncomingMessage) => string)

/**
 * With Stripe configured, checkout screens (and only those) also allow Stripe.js, its frames and its API
 * (PROVIDERS: script-src js.stripe.com; frame-src js.stripe.com, hooks.stripe.com; connect-src
 * api.stripe.com). Every other document keeps the strict policy.
 */
export function cspFor(stripe: boolean): Record<string, DirectiveValue[]> {
  const directives: Record<string, DirectiveValue[]> = { ...cspDirectives }
  if (!stripe) return directives
  const onCheckout = (hosts: readonly string[]) => (request: IncomingMessage) =>
    isCheckoutPage((request.url ?? '/').split('?', 1)[0] ?? '/') ? hosts.join(' ') : ''
  directives.scriptSrc = [...cspDirectives.scriptSrc, onCheckout(STRIPE_CSP.scriptSrc)]
  directives.connectSrc = [...cspDirectives.connectSrc, onCheckout(STRIPE_CSP.connectSrc)]
  // 'none' cannot stand beside a host: checkout pages list Stripe's frames instead.
  directives.frameSrc = [(request) => onCheckout(STRIPE_CSP.frameSrc)(request) || "'none'"]
  return directives
}

export default fp<{ https: boolean; stripe: boolean }>(
  async (app, { https, stripe }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...cspFor(stripe), ...(https ? { upgradeInsecureRequests: [] } : {}) },
      },
      // Served over plain HTTP on localhost in development; HSTS only makes sense behind TLS.
      // One year (ASVS: at least a year) once PUBLIC_URL is https.
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)')
    })
  },
  { name: 'security-headers' },
)
