import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  blogOptionsSchema,
  createBlogPostSchema,
  staffBlogPostListSchema,
  staffBlogPostQuerySchema,
  staffBlogPostSchema,
  updateBlogPostSchema,
} from '@/contract/blog-staff'
import { registerContentKind } from '../../lib/staff-content'
import { staffSchema } from '../../lib/staff-console'
import {
  blogOptions,
  createStaffPost,
  listStaffPosts,
  setPostPublished,
  staffPost,
  updateStaffPost,
} from './staff-changes'

/** The blog posts of the staff console's content area (`/api/staff/content/…`), registered by the staff module inside its role check. */
export const blogStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/content/blog-options/',
    {
      schema: staffSchema('Blog categories and authors, for the post form', {
        response: { 200: blogOptionsSchema },
      }),
    },
    async () => blogOptions(app.db),
  )
  registerContentKind(app, {
    path: 'blog-posts',
    schemas: {
      query: staffBlogPostQuerySchema,
      create: createBlogPostSchema,
      update: updateBlogPostSchema,
      item: staffBlogPostSchema,
      list: staffBlogPostListSchema,
    },
    texts: {
      list: 'Every blog post, drafts and scheduled ones too',
      filters:
        'Filters: search (title, address, excerpt), status, category. Sort: updated, newest, published, title.',
      create: 'Create a blog post (a draft; the body is sanitized when stored)',
      one: 'One blog post with its body',
      update: 'Change a blog post (the body is sanitized when stored)',
      publish: 'Publish a blog post (from its publication time, now when it has none)',
      unpublish: 'Unpublish a blog post (a draft again)',
    },
    csv: {
      ID: 'id',
      Title: 'title',
      Address: (p) => `/blog/${p.slug}`,
      Status: (p) => (p.is_scheduled ? 'scheduled' : p.status),
      Category: 'category',
      Author: 'author',
      Featured: (p) => (p.is_featured ? 'yes' : 'no'),
      Views: 'views',
      Published: 'published_at',
      Updated: 'updated_at',
    },
    service: {
      list: listStaffPosts,
      read: staffPost,
      create: createStaffPost,
      update: updateStaffPost,
      setPublished: setPostPublished,
    },
  })
}
