import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { MESSAGING_API_GUIDE } from '@/contract/messaging'

/** OpenAPI generated from the zod route schemas, browsable at /api/docs (JSON at /api/docs/json). */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Cypher API',
          description:
            'Public website, client portal and staff API. Errors answer `{"detail": "..."}`; validation errors add one array of messages per field.',
          version: '1.0.0',
        },
        tags: [{ name: 'messaging', description: MESSAGING_API_GUIDE }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          },
        },
      },
      transform: jsonSchemaTransform,
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  },
  { name: 'openapi' },
)
