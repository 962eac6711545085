import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { MESSAGING_API_GUIDE } from '@/contract/messaging'

type Json = { [key: string]: unknown }

/** `POST /api/certificates/:serial/revoke/` → `postApiCertificatesSerialRevoke`: unique, as method + path are. */
export function operationIdOf(method: string, url: string): string {
  const words = [method.toLowerCase(), ...url.split(/[^A-Za-z0-9]+/).filter(Boolean)]
  return words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('')
}

/**
 * OpenAPI 3.0 has no `type: null`: a nullable union keeps `nullable` on each typed member, where
 * validators and generated clients read it, instead of beside `anyOf` with no type.
 */
export function typeNullableUnions(node: unknown): void {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) return node.forEach(typeNullableUnions)
  const schema = node as Json
  const members = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (schema.nullable === true && schema.type === undefined && Array.isArray(members)) {
    delete schema.nullable
    for (const member of members) if (member.type !== undefined || member.properties) member.nullable = true
  }
  for (const value of Object.values(schema)) typeNullableUnions(value)
}

/** OpenAPI generated from the zod route schemas, browsable at /api/docs (JSON at /api/docs/json). */
export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    // Every operation names itself and says how it is secured, read from the route's own auth hook.
    const guards = new Set([app.authenticate, app.requireStaff].filter(Boolean))
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.schema || route.schema.hide) return
      const schema = route.schema as Json
      const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method)
      schema.operationId ??= operationIdOf(method, route.url)
      const hooks = [route.preHandler, route.onRequest].flat().filter(Boolean)
      if (schema.security !== undefined) return
      if (hooks.some((hook) => guards.has(hook as never))) schema.security = [{ bearer: [] }]
      // A token is optional where the route only identifies its caller; otherwise the operation is public.
      else if (hooks.includes(app.identify)) schema.security = [{}, { bearer: [] }]
      else schema.security = []
    })
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Cypher API',
          description:
            'Public website, client portal and staff API. Errors answer `{"detail": "..."}`; validation errors add one array of messages per field.',
          version: '1.0.0',
        },
        servers: [{ url: publicUrl }],
        tags: [{ name: 'messaging', description: MESSAGING_API_GUIDE }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) => {
        const document =
          'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject
        typeNullableUnions(document)
        return document
      },
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  },
  { name: 'openapi' },
)
