import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
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

export default fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...cspDirectives, ...(https ? { upgradeInsecureRequests: [] } : {}) },
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
