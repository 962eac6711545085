import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { jobSchema } from '@/contract/careers'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  blogOptionsSchema,
  contentImageSchema,
  createBlogPostSchema,
  createJobSchema,
  createOfferSchema,
  createPartnerSchema,
  staffPartnerListSchema,
  staffPartnerQuerySchema,
  staffPartnerSchema,
  updatePartnerSchema,
  staffOfferListSchema,
  staffOfferQuerySchema,
  staffOfferSchema,
  updateOfferSchema,
  staffBlogPostListSchema,
  staffBlogPostQuerySchema,
  staffBlogPostSchema,
  staffJobListSchema,
  staffJobQuerySchema,
  updateBlogPostSchema,
  updateJobSchema,
} from '@/contract/staff-content'
import type { AuditContext } from '../../lib/audit'
import type { ListPage } from '../../lib/pagination'
import { blogStaff } from '../blog'
import { jobStaff } from '../careers'
import { uploadContentImage } from '../content'
import { offerStaff } from '../offers'
import { partnerStaff } from '../partners'

export type App = Parameters<FastifyPluginAsyncZod>[0]
export type AnswerList = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  load: (page: number, pageSize: number) => Promise<ListPage<T>>,
  columns: { label: string; value: (row: T) => unknown }[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page (checked by the route's schema) or a sent CSV reply
) => Promise<any>

/**
 * The content area of the console (`/api/staff/content/…`): blog posts, jobs and image uploads. Registered
 * inside the staff routes, so the same role check runs first; writes go through the blog and careers
 * modules' services, audited in their transactions.
 */
export function registerContentRoutes(
  app: App,
  helpers: { audit: (request: FastifyRequest) => AuditContext; answerList: AnswerList; csvNote: string },
) {
  const { audit, answerList, csvNote } = helpers
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
  const security = [{ bearer: [] }]
  const tags = ['staff']

  // ----------------------------------------------------------------------------------------------
  // Blog posts

  app.get(
    '/api/staff/content/blog-options/',
    {
      schema: {
        tags,
        summary: 'Blog categories and authors, for the post form',
        security,
        response: { 200: blogOptionsSchema, ...errors },
      },
    },
    async () => blogStaff.blogOptions(app.db),
  )

  app.get(
    '/api/staff/content/blog-posts/',
    {
      schema: {
        tags,
        summary: 'Every blog post, drafts and scheduled ones too',
        description: `Filters: search (title, address, excerpt), status, category. Sort: updated, newest, published, title. ${csvNote}`,
        security,
        querystring: staffBlogPostQuerySchema,
        response: { 200: staffBlogPostListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'blog-posts',
        (page, pageSize) => blogStaff.listStaffPosts(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'ID', value: (p) => p.id },
          { label: 'Title', value: (p) => p.title },
          { label: 'Address', value: (p) => `/blog/${p.slug}` },
          { label: 'Status', value: (p) => (p.is_scheduled ? 'scheduled' : p.status) },
          { label: 'Category', value: (p) => p.category ?? '' },
          { label: 'Author', value: (p) => p.author ?? '' },
          { label: 'Featured', value: (p) => (p.is_featured ? 'yes' : 'no') },
          { label: 'Views', value: (p) => p.views },
          { label: 'Published', value: (p) => p.published_at ?? '' },
          { label: 'Updated', value: (p) => p.updated_at },
        ],
      ),
  )

  app.post(
    '/api/staff/content/blog-posts/',
    {
      schema: {
        tags,
        summary: 'Create a blog post (a draft; the body is sanitized when stored)',
        security,
        body: createBlogPostSchema,
        response: { 201: staffBlogPostSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await blogStaff.createStaffPost(app.db, request.body, audit(request))),
  )

  app.get(
    '/api/staff/content/blog-posts/:id/',
    {
      schema: {
        tags,
        summary: 'One blog post with its body',
        security,
        params: recordIdParamSchema,
        response: { 200: staffBlogPostSchema, ...errors },
      },
    },
    async (request) => blogStaff.staffPost(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/content/blog-posts/:id/',
    {
      schema: {
        tags,
        summary: 'Change a blog post (the body is sanitized when stored)',
        security,
        params: recordIdParamSchema,
        body: updateBlogPostSchema,
        response: { 200: staffBlogPostSchema, ...errors },
      },
    },
    async (request) => blogStaff.updateStaffPost(app.db, request.params.id, request.body, audit(request)),
  )

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/staff/content/blog-posts/:id/${action}/`,
      {
        schema: {
          tags,
          summary: published
            ? 'Publish a blog post (from its publication time, now when it has none)'
            : 'Unpublish a blog post (a draft again)',
          security,
          params: recordIdParamSchema,
          response: { 200: staffBlogPostSchema, ...errors },
        },
      },
      async (request) => blogStaff.setPostPublished(app.db, request.params.id, published, audit(request)),
    )
  }

  // ----------------------------------------------------------------------------------------------
  // Jobs

  app.get(
    '/api/staff/content/jobs/',
    {
      schema: {
        tags,
        summary: 'Every job, unpublished ones too',
        description: `Filters: search (title, address, department, location), active. Sort: updated, newest, title, deadline. ${csvNote}`,
        security,
        querystring: staffJobQuerySchema,
        response: { 200: staffJobListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'jobs',
        (page, pageSize) => jobStaff.listStaffJobs(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'ID', value: (j) => j.id },
          { label: 'Title', value: (j) => j.title },
          { label: 'Address', value: (j) => `/careers/${j.slug}` },
          { label: 'Published', value: (j) => (j.is_active ? 'yes' : 'no') },
          { label: 'Department', value: (j) => j.department },
          { label: 'Location', value: (j) => j.location },
          { label: 'Type', value: (j) => j.job_type },
          { label: 'Level', value: (j) => j.experience_level },
          { label: 'Applications', value: (j) => j.applications_count },
          { label: 'Deadline', value: (j) => j.application_deadline ?? '' },
          { label: 'Updated', value: (j) => j.updated_at },
        ],
      ),
  )

  app.post(
    '/api/staff/content/jobs/',
    {
      schema: {
        tags,
        summary: 'Create a job (not published; its HTML description is sanitized when stored)',
        security,
        body: createJobSchema,
        response: { 201: jobSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await jobStaff.createStaffJob(app.db, request.body, audit(request))),
  )

  app.get(
    '/api/staff/content/jobs/:id/',
    {
      schema: {
        tags,
        summary: 'One job',
        security,
        params: recordIdParamSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => jobStaff.staffJob(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/content/jobs/:id/',
    {
      schema: {
        tags,
        summary: 'Change a job',
        security,
        params: recordIdParamSchema,
        body: updateJobSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => jobStaff.updateStaffJob(app.db, request.params.id, request.body, audit(request)),
  )

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/staff/content/jobs/:id/${action}/`,
      {
        schema: {
          tags,
          summary: published
            ? 'Publish a job (listed, and open for applications)'
            : 'Unpublish a job (hidden; its applications stay)',
          security,
          params: recordIdParamSchema,
          response: { 200: jobSchema, ...errors },
        },
      },
      async (request) => jobStaff.setJobPublished(app.db, request.params.id, published, audit(request)),
    )
  }

  // ----------------------------------------------------------------------------------------------
  // Offers

  app.get(
    '/api/staff/content/offers/',
    {
      schema: {
        tags,
        summary: 'Every offer, unpublished, future and ended ones too',
        description: `Filters: search (title, description), active, service_type. Sort: position, updated, newest, ending. ${csvNote}`,
        security,
        querystring: staffOfferQuerySchema,
        response: { 200: staffOfferListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'offers',
        (page, pageSize) => offerStaff.listStaffOffers(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'ID', value: (o) => o.id },
          { label: 'Title', value: (o) => o.title },
          { label: 'Service', value: (o) => o.service_type },
          { label: 'Published', value: (o) => (o.is_active ? 'yes' : 'no') },
          { label: 'Shown now', value: (o) => (o.is_current ? 'yes' : 'no') },
          { label: 'Price', value: (o) => o.price },
          { label: 'Original price', value: (o) => o.original_price ?? '' },
          { label: 'Currency', value: (o) => o.currency },
          { label: 'From', value: (o) => o.valid_from },
          { label: 'Until', value: (o) => o.valid_until ?? '' },
          { label: 'Position', value: (o) => o.position },
        ],
      ),
  )

  app.post(
    '/api/staff/content/offers/',
    {
      schema: {
        tags,
        summary: 'Create an offer (not published)',
        security,
        body: createOfferSchema,
        response: { 201: staffOfferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offerStaff.createStaffOffer(app.db, request.body, audit(request))),
  )

  app.get(
    '/api/staff/content/offers/:id/',
    {
      schema: {
        tags,
        summary: 'One offer',
        security,
        params: recordIdParamSchema,
        response: { 200: staffOfferSchema, ...errors },
      },
    },
    async (request) => offerStaff.staffOffer(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/content/offers/:id/',
    {
      schema: {
        tags,
        summary: 'Change an offer',
        security,
        params: recordIdParamSchema,
        body: updateOfferSchema,
        response: { 200: staffOfferSchema, ...errors },
      },
    },
    async (request) => offerStaff.updateStaffOffer(app.db, request.params.id, request.body, audit(request)),
  )

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/staff/content/offers/:id/${action}/`,
      {
        schema: {
          tags,
          summary: published
            ? 'Publish an offer (visitors see it during its validity period)'
            : 'Unpublish an offer (withdrawn)',
          security,
          params: recordIdParamSchema,
          response: { 200: staffOfferSchema, ...errors },
        },
      },
      async (request) => offerStaff.setOfferPublished(app.db, request.params.id, published, audit(request)),
    )
  }

  // ----------------------------------------------------------------------------------------------
  // Partners

  app.get(
    '/api/staff/content/partners/',
    {
      schema: {
        tags,
        summary: 'Every partner, unpublished ones too',
        description: `Filters: search (name), active. Sort: position, name, newest. ${csvNote}`,
        security,
        querystring: staffPartnerQuerySchema,
        response: { 200: staffPartnerListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'partners',
        (page, pageSize) => partnerStaff.listStaffPartners(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'ID', value: (p) => p.id },
          { label: 'Name', value: (p) => p.name },
          { label: 'Published', value: (p) => (p.is_active ? 'yes' : 'no') },
          { label: 'Website', value: (p) => p.website ?? '' },
          { label: 'Logo', value: (p) => p.image ?? '' },
          { label: 'Position', value: (p) => p.position },
        ],
      ),
  )

  app.post(
    '/api/staff/content/partners/',
    {
      schema: {
        tags,
        summary: 'Create a partner (not published)',
        security,
        body: createPartnerSchema,
        response: { 201: staffPartnerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await partnerStaff.createStaffPartner(app.db, request.body, audit(request))),
  )

  app.get(
    '/api/staff/content/partners/:id/',
    {
      schema: {
        tags,
        summary: 'One partner',
        security,
        params: recordIdParamSchema,
        response: { 200: staffPartnerSchema, ...errors },
      },
    },
    async (request) => partnerStaff.staffPartner(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/content/partners/:id/',
    {
      schema: {
        tags,
        summary: 'Change a partner',
        security,
        params: recordIdParamSchema,
        body: updatePartnerSchema,
        response: { 200: staffPartnerSchema, ...errors },
      },
    },
    async (request) =>
      partnerStaff.updateStaffPartner(app.db, request.params.id, request.body, audit(request)),
  )

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/staff/content/partners/:id/${action}/`,
      {
        schema: {
          tags,
          summary: published ? 'Publish a partner (listed on /partners)' : 'Unpublish a partner (hidden)',
          security,
          params: recordIdParamSchema,
          response: { 200: staffPartnerSchema, ...errors },
        },
      },
      async (request) =>
        partnerStaff.setPartnerPublished(app.db, request.params.id, published, audit(request)),
    )
  }

  // ----------------------------------------------------------------------------------------------
  // Images

  app.post(
    '/api/staff/content/images/',
    {
      schema: {
        tags,
        summary: 'Upload an image (field `image`: JPEG, PNG or GIF, at most 5 MB); answers its public path',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: contentImageSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await uploadContentImage({ db: app.db, storage: app.storage }, request, audit(request))),
  )
}
