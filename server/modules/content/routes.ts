import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { openContentImage } from './images'

/** Public images of the site's content, uploaded by staff (`/api/public/media/content-images/<uuid>.<ext>`). */
export const contentMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/media/content-images/:name',
    {
      schema: {
        tags: ['content'],
        summary: 'An image uploaded for a blog post, job or other public content',
        params: z.object({ name: z.string().check(z.maxLength(60)) }),
      },
    },
    async (request, reply) => {
      const image = await openContentImage(app.storage, request.params.name)
      return (
        reply
          .header('Content-Type', image.mime)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'")
          // Public by design: the desktop app (app://cypher) shows them from this other origin.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(image.stream)
      )
    },
  )
}
