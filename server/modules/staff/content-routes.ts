import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { jobSchema } from '@/contract/careers'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  blogOptionsSchema,
  contentImageSchema,
  createBlogPostSchema,
  createJobSchema,
  createOfficeSchema,
  createOfferSchema,
  createPartnerSchema,
  createPublicProjectSchema,
  publicProjectOptionsSchema,
  staffBlogPostListSchema,
  staffBlogPostQuerySchema,
  staffBlogPostSchema,
  staffJobListSchema,
  staffJobQuerySchema,
  staffOfficeListSchema,
  staffOfficeQuerySchema,
  staffOfficeSchema,
  staffOfferListSchema,
  staffOfferQuerySchema,
  staffOfferSchema,
  staffPartnerListSchema,
  staffPartnerQuerySchema,
  staffPartnerSchema,
  staffPublicProjectListSchema,
  staffPublicProjectQuerySchema,
  staffPublicProjectSchema,
  updateBlogPostSchema,
  updateJobSchema,
  updateOfficeSchema,
  updateOfferSchema,
  updatePartnerSchema,
  updatePublicProjectSchema,
} from '@/contract/staff-content'
import type { Database } from '../../db/client'
import type { AuditContext } from '../../lib/audit'
import type { ListPage } from '../../lib/pagination'
import { blogStaff } from '../blog'
import { jobStaff } from '../careers'
import { uploadContentImage } from '../content'
import { officeStaff } from '../offices'
import { offerStaff } from '../offers'
import { partnerStaff } from '../partners'
import { publicProjectStaff } from '../projects'

export type App = Parameters<FastifyPluginAsyncZod>[0]
export type AnswerList = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  load: (page: number, pageSize: number) => Promise<ListPage<T>>,
  columns: { label: string; value: (row: T) => unknown }[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page (checked by the route's schema) or a sent CSV reply
) => Promise<any>

/** One kind of content in the console: its schemas, its module's staff service and its texts. */
interface ContentKindRoutes<
  Query extends z.ZodMiniType,
  Create extends z.ZodMiniType,
  Update extends z.ZodMiniType,
  Item,
> {
  /** The path segment (`/api/staff/content/{path}/`) and the CSV file's name. */
  path: string
  schemas: { query: Query; create: Create; update: Update; item: z.ZodMiniType; list: z.ZodMiniType }
  texts: {
    list: string
    filters: string
    create: string
    one: string
    update: string
    publish: string
    unpublish: string
  }
  csv: { label: string; value: (row: Item) => unknown }[]
  service: {
    list: (
      db: Database,
      query: z.output<Query> & { page: number },
      pageSize: number,
    ) => Promise<ListPage<Item>>
    read: (db: Database, id: number) => Promise<Item>
    create: (db: Database, input: z.output<Create>, audit: AuditContext) => Promise<Item>
    update: (db: Database, id: number, input: z.output<Update>, audit: AuditContext) => Promise<Item>
    setPublished: (db: Database, id: number, published: boolean, audit: AuditContext) => Promise<Item>
  }
}

/**
 * The content area of the console (`/api/staff/content/…`): blog posts, jobs, offers, partners, portfolio
 * projects, offices and image uploads. Registered inside the staff routes, so the same role check runs
 * first; writes go through each module's staff service, audited in its transactions, and then tell the
 * public side's caches (app.contentChanges).
 */
export function registerContentRoutes(
  app: App,
  helpers: { audit: (request: FastifyRequest) => AuditContext; answerList: AnswerList; csvNote: string },
) {
  const { audit, answerList, csvNote } = helpers
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
  const security = [{ bearer: [] }]
  const tags = ['staff']

  /** Runs a write, then lets cached public answers go. */
  async function write<T>(change: Promise<T>): Promise<T> {
    const result = await change
    app.contentChanges.changed()
    return result
  }

  function registerKind<Q extends z.ZodMiniType, C extends z.ZodMiniType, U extends z.ZodMiniType, Item>(
    kind: ContentKindRoutes<Q, C, U, Item>,
  ) {
    const { path, schemas, texts, service } = kind
    const base = `/api/staff/content/${path}/`
    app.get(
      base,
      {
        schema: {
          tags,
          summary: texts.list,
          description: `${texts.filters} ${csvNote}`,
          security,
          querystring: schemas.query,
          response: { 200: schemas.list, ...errors },
        },
      },
      async (request, reply) => {
        const query = request.query as z.output<Q> & { page: number }
        return answerList(
          request,
          reply,
          path,
          (page, pageSize) => service.list(app.db, { ...query, page }, pageSize),
          kind.csv,
        )
      },
    )
    app.post(
      base,
      {
        schema: {
          tags,
          summary: texts.create,
          security,
          body: schemas.create,
          response: { 201: schemas.item, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await write(service.create(app.db, request.body as z.output<C>, audit(request)))),
    )
    app.get(
      `${base}:id/`,
      {
        schema: {
          tags,
          summary: texts.one,
          security,
          params: recordIdParamSchema,
          response: { 200: schemas.item, ...errors },
        },
      },
      async (request) => service.read(app.db, request.params.id),
    )
    app.patch(
      `${base}:id/`,
      {
        schema: {
          tags,
          summary: texts.update,
          security,
          params: recordIdParamSchema,
          body: schemas.update,
          response: { 200: schemas.item, ...errors },
        },
      },
      async (request) =>
        write(service.update(app.db, request.params.id, request.body as z.output<U>, audit(request))),
    )
    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `${base}:id/${action}/`,
        {
          schema: {
            tags,
            summary: published ? texts.publish : texts.unpublish,
            security,
            params: recordIdParamSchema,
            response: { 200: schemas.item, ...errors },
          },
        },
        async (request) => write(service.setPublished(app.db, request.params.id, published, audit(request))),
      )
    }
  }

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

  registerKind({
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
    csv: [
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
    service: {
      list: blogStaff.listStaffPosts,
      read: blogStaff.staffPost,
      create: blogStaff.createStaffPost,
      update: blogStaff.updateStaffPost,
      setPublished: blogStaff.setPostPublished,
    },
  })

  registerKind({
    path: 'jobs',
    schemas: {
      query: staffJobQuerySchema,
      create: createJobSchema,
      update: updateJobSchema,
      item: jobSchema,
      list: staffJobListSchema,
    },
    texts: {
      list: 'Every job, unpublished ones too',
      filters:
        'Filters: search (title, address, department, location), active. Sort: updated, newest, title, deadline.',
      create: 'Create a job (not published; its HTML description is sanitized when stored)',
      one: 'One job',
      update: 'Change a job',
      publish: 'Publish a job (listed, and open for applications)',
      unpublish: 'Unpublish a job (hidden; its applications stay)',
    },
    csv: [
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
    service: {
      list: jobStaff.listStaffJobs,
      read: jobStaff.staffJob,
      create: jobStaff.createStaffJob,
      update: jobStaff.updateStaffJob,
      setPublished: jobStaff.setJobPublished,
    },
  })

  registerKind({
    path: 'offers',
    schemas: {
      query: staffOfferQuerySchema,
      create: createOfferSchema,
      update: updateOfferSchema,
      item: staffOfferSchema,
      list: staffOfferListSchema,
    },
    texts: {
      list: 'Every offer, unpublished, future and ended ones too',
      filters:
        'Filters: search (title, description), active, service_type. Sort: position, updated, newest, ending.',
      create: 'Create an offer (not published)',
      one: 'One offer',
      update: 'Change an offer',
      publish: 'Publish an offer (visitors see it during its validity period)',
      unpublish: 'Unpublish an offer (withdrawn)',
    },
    csv: [
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
    service: {
      list: offerStaff.listStaffOffers,
      read: offerStaff.staffOffer,
      create: offerStaff.createStaffOffer,
      update: offerStaff.updateStaffOffer,
      setPublished: offerStaff.setOfferPublished,
    },
  })

  registerKind({
    path: 'partners',
    schemas: {
      query: staffPartnerQuerySchema,
      create: createPartnerSchema,
      update: updatePartnerSchema,
      item: staffPartnerSchema,
      list: staffPartnerListSchema,
    },
    texts: {
      list: 'Every partner, unpublished ones too',
      filters: 'Filters: search (name), active. Sort: position, name, newest.',
      create: 'Create a partner (not published)',
      one: 'One partner',
      update: 'Change a partner',
      publish: 'Publish a partner (listed on /partners)',
      unpublish: 'Unpublish a partner (hidden)',
    },
    csv: [
      { label: 'ID', value: (p) => p.id },
      { label: 'Name', value: (p) => p.name },
      { label: 'Published', value: (p) => (p.is_active ? 'yes' : 'no') },
      { label: 'Website', value: (p) => p.website ?? '' },
      { label: 'Logo', value: (p) => p.image ?? '' },
      { label: 'Position', value: (p) => p.position },
    ],
    service: {
      list: partnerStaff.listStaffPartners,
      read: partnerStaff.staffPartner,
      create: partnerStaff.createStaffPartner,
      update: partnerStaff.updateStaffPartner,
      setPublished: partnerStaff.setPartnerPublished,
    },
  })

  app.get(
    '/api/staff/content/project-options/',
    {
      schema: {
        tags,
        summary: 'Profiles (product categories) and known tools, for the portfolio project form',
        security,
        response: { 200: publicProjectOptionsSchema, ...errors },
      },
    },
    async () => publicProjectStaff.publicProjectOptions(app.db),
  )

  registerKind({
    path: 'projects',
    schemas: {
      query: staffPublicProjectQuerySchema,
      create: createPublicProjectSchema,
      update: updatePublicProjectSchema,
      item: staffPublicProjectSchema,
      list: staffPublicProjectListSchema,
    },
    texts: {
      list: 'Every portfolio project of /projects, unpublished ones too',
      filters:
        'Filters: search (name, descriptions, key, tools), active, category. Sort: order, name, newest, updated.',
      create: 'Create a portfolio project (not published)',
      one: 'One portfolio project',
      update: 'Change a portfolio project (tech_tools and images replace the lists)',
      publish: 'Publish a portfolio project (listed on /projects, its page and the assistant)',
      unpublish: 'Unpublish a portfolio project (hidden from /projects, its page and the assistant)',
    },
    csv: [
      { label: 'ID', value: (p) => p.id },
      { label: 'Name', value: (p) => p.name },
      { label: 'Address', value: (p) => p.path },
      { label: 'Published', value: (p) => (p.is_active ? 'yes' : 'no') },
      { label: 'Profile', value: (p) => p.category ?? '' },
      { label: 'Type', value: (p) => p.type ?? '' },
      { label: 'Year', value: (p) => p.year ?? '' },
      { label: 'Order', value: (p) => p.order },
      { label: 'Tools', value: (p) => p.tech_tools.join(', ') },
      { label: 'Updated', value: (p) => p.updated_at },
    ],
    service: {
      list: publicProjectStaff.listStaffPublicProjects,
      read: publicProjectStaff.staffPublicProject,
      create: publicProjectStaff.createStaffPublicProject,
      update: publicProjectStaff.updateStaffPublicProject,
      setPublished: publicProjectStaff.setPublicProjectPublished,
    },
  })

  registerKind({
    path: 'offices',
    schemas: {
      query: staffOfficeQuerySchema,
      create: createOfficeSchema,
      update: updateOfficeSchema,
      item: staffOfficeSchema,
      list: staffOfficeListSchema,
    },
    texts: {
      list: 'Every office, unpublished ones too',
      filters: 'Filters: search (title, address), active. Sort: position, title, newest.',
      create: 'Create an office (not published)',
      one: 'One office',
      update: 'Change an office',
      publish: 'Publish an office (listed on the contact page and by the assistant)',
      unpublish: 'Unpublish an office (hidden)',
    },
    csv: [
      { label: 'ID', value: (o) => o.id },
      { label: 'Title', value: (o) => o.title },
      { label: 'Address', value: (o) => o.address },
      { label: 'Published', value: (o) => (o.is_active ? 'yes' : 'no') },
      { label: 'Phone', value: (o) => o.phone ?? '' },
      { label: 'E-mail', value: (o) => o.email ?? '' },
      { label: 'Position', value: (o) => o.position },
    ],
    service: {
      list: officeStaff.listStaffOffices,
      read: officeStaff.staffOffice,
      create: officeStaff.createStaffOffice,
      update: officeStaff.updateStaffOffice,
      setPublished: officeStaff.setOfficePublished,
    },
  })

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
