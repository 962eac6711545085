import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  blogCategoryListSchema,
  blogPostListSchema,
  blogPostParamSchema,
  blogPostSchema,
  blogPostsQuerySchema,
  featuredBlogPostsSchema,
} from '@/contract/blog'
import { errorBodySchema } from '@/contract/common'
import { sendJson } from '../../lib/data-versions'
import * as blog from './service'
import { pageRoute } from '../../lib/route-page'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['blog'], errors: errorAnswers(400) })

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/blog/categories/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['blog'],
        summary: 'All blog categories (a plain list)',
        response: { 200: blogCategoryListSchema },
      },
    },
    async () => blog.listCategories(app.db),
  )

  pageRoute(app, schema, '/api/public/blog/posts/', {
    summary: 'Published posts, newest first, 20 per page',
    description: '`category` is a category slug; `search` looks in titles, excerpts, bodies and tags.',
    query: blogPostsQuerySchema,
    page: blogPostListSchema,
    keepAnswer: true,
    load: (_request, query) => blog.listPosts(app.db, query),
  })

  // A static path: find-my-way matches it before the {slug} route below.
  app.get(
    '/api/public/blog/posts/featured/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['blog'],
        summary: 'Featured published posts, newest first (at most 6)',
        response: { 200: featuredBlogPostsSchema },
      },
    },
    async () => blog.listFeaturedPosts(app.db),
  )

  app.get(
    '/api/public/blog/posts/:slug/',
    {
      schema: {
        tags: ['blog'],
        summary: 'One published post by slug or id; counts a view',
        params: blogPostParamSchema,
        response: { 200: blogPostSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      // Kept by data version, never by time: a staff edit or unpublish changes blog_posts and drops it.
      const post = await app.dataVersions.remember(
        `blog post ${request.params.slug}`,
        () => blog.encodePost(app.db, request.params.slug, (value) => reply.serialize(value) as string),
        (kept) => (kept ? kept.head.length + kept.tail.length : null),
      )
      return sendJson(reply, blog.answerPost(post, app.blogViews))
    },
  )

  app.addPageMeta((pathname) => blog.postPageMeta(app.db, pathname))
  app.addSitemapSource(() => blog.sitemapEntries(app.db))
}
