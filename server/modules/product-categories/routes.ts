import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pageQuerySchema } from '@/contract/common'
import { productCategoryListSchema } from '@/contract/projects'
import { publicCacheHeaders } from '../../lib/cache-headers'
import * as categories from './service'
import { pageRoute } from '../../lib/route-page'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['projects'], errors: errorAnswers(400) })

export const productCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', publicCacheHeaders)
  // The spec's path has no /api prefix; the web app's history fallback never sees it.
  pageRoute(app, schema, '/product-category/', {
    summary: 'Product categories (the project profiles), 20 per page',
    query: pageQuerySchema,
    page: productCategoryListSchema,
    load: (_request, query) => categories.listCategories(app.db, query.page),
  })
}
