import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema } from '@/contract/common'
import { productCategoryListSchema } from '@/contract/projects'
import { paginate } from '../../lib/pagination'
import { publicCacheHeaders } from '../../lib/cache-headers'
import * as categories from './service'

export const productCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', publicCacheHeaders)
  // The spec's path has no /api prefix; the web app's history fallback never sees it.
  app.get(
    '/product-category/',
    {
      schema: {
        tags: ['projects'],
        summary: 'Product categories (the project profiles), 20 per page',
        querystring: pageQuerySchema,
        response: { 200: productCategoryListSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      paginate(request, app.config.publicUrl, await categories.listCategories(app.db, request.query.page)),
  )
}
