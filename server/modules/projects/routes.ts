import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/contract/common'
import {
  featuredProjectsSchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSlugParamSchema,
} from '@/contract/projects'
import { paginate } from '../../lib/pagination'
import {
  encodeSharedAnswer,
  publicCacheHeaders,
  sendSharedAnswer,
  type SharedAnswer,
} from '../../lib/cache-headers'
import { EncodedAnswers } from './listing-cache'
import * as projects from './service'

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = projects.createProjectCaches()
  app.contentChanges.onChange(() => {
    caches.lists.clear()
    caches.featured.clear()
  })
  const answers = new EncodedAnswers<SharedAnswer>()
  app.addHook('onSend', publicCacheHeaders)

  app.get(
    '/api/public/projects/',
    {
      schema: {
        tags: ['projects'],
        summary: 'Portfolio projects, featured first, 20 per page',
        description:
          '`search` (ignored when blank) looks in names, descriptions, keys and tool names. The profile ' +
          'filter is `product_category__id`, or `type` (a category id, a category name or a project type).',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await projects.listProjects(app.db, request.query, caches)
      const answer = answers.get(page, request.url, () =>
        encodeSharedAnswer(projectListSchema, paginate(request, app.config.publicUrl, page)),
      )
      return sendSharedAnswer(request, reply, answer)
    },
  )

  // A static path: find-my-way matches it before the {slug} route below.
  app.get(
    '/api/public/projects/featured/',
    {
      schema: {
        tags: ['projects'],
        summary: `Projects whose order is 3 or lower, in order (at most ${projects.FEATURED_PROJECTS_LIMIT})`,
        response: { 200: featuredProjectsSchema },
      },
    },
    async (request, reply) => {
      const list = await projects.listFeaturedProjects(app.db, caches)
      const answer = answers.get(list, request.url, () => encodeSharedAnswer(featuredProjectsSchema, list))
      return sendSharedAnswer(request, reply, answer)
    },
  )

  app.get(
    '/api/public/projects/:slug/',
    {
      schema: {
        tags: ['projects'],
        summary: 'One project by its key or the slug of its name',
        params: projectSlugParamSchema,
        response: { 200: projectDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => projects.readProject(app.db, request.params.slug),
  )

  app.addPageMeta((pathname) => projects.projectPageMeta(app.db, pathname))
  app.addSitemapSource(() => projects.sitemapEntries(app.db))
}
