import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  featuredJobsSchema,
  jobApplicationResponseSchema,
  jobApplyParamSchema,
  jobListSchema,
  jobParamSchema,
  jobSchema,
  jobsQuerySchema,
} from '@/contract/careers'
import { errorBodySchema } from '@/contract/common'
import { readMultipart } from '../../lib/uploads'
import { limits } from '../../plugins/rate-limit'
import * as careers from './service'
import { pageRoute } from '../../lib/route-page'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['careers'], errors: errorAnswers(400) })

export const careerRoutes: FastifyPluginAsyncZod = async (app) => {
  pageRoute(app, schema, '/api/public/careers/', {
    summary: 'Open positions, featured first, 10 per page',
    description:
      '`department` matches exactly (any letter case); `location` and `search` match anywhere in the text.',
    query: jobsQuerySchema,
    page: jobListSchema,
    keepAnswer: true,
    load: (_request, query) => careers.listJobs(app.db, query),
  })

  // A static path: find-my-way matches it before the {slug} route below.
  app.get(
    '/api/public/careers/featured/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['careers'],
        summary: 'Featured open positions, newest first (at most 6)',
        response: { 200: featuredJobsSchema },
      },
    },
    async () => careers.listFeaturedJobs(app.db),
  )

  app.get(
    '/api/public/careers/:slug/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['careers'],
        summary: 'One open position by slug or id',
        params: jobParamSchema,
        response: { 200: jobSchema, 404: errorBodySchema },
      },
    },
    async (request) => careers.readJob(app.db, request.params.slug),
  )

  app.post(
    '/api/public/careers/:id/apply/',
    {
      schema: schema('Apply for an open position (multipart/form-data)', {
        description:
          'Fields: `cv` (file: .pdf, .doc or .docx, at most 5 MB, checked by its bytes), `name`, `email` (required); `experience` (one of "0 experience", "1 to 7 years experience", "+7 years experience"; default "0 experience"); `phone_number` or `phone`; `summary` or `cover_letter`. The job is given by id (or slug).',
        consumes: ['multipart/form-data'],
        params: jobApplyParamSchema,
        response: { 201: jobApplicationResponseSchema, ...errorAnswers(404, 413, 415, 429) },
      }),
      config: { rateLimit: limits.publicForm },
    },
    async (request, reply) => {
      // The job is checked first, so nothing is stored for a closed or unknown job.
      const job = await careers.jobOpenForApplications(app.db, request.params.id)
      const upload = await readMultipart(request, app.storage, { cv: careers.CV_UPLOAD })
      const deps = { db: app.db, storage: app.storage, mailer: app.mailer, log: request.log }
      return reply.status(201).send(await careers.apply(deps, job, upload))
    },
  )

  app.addPageMeta((pathname) => careers.jobPageMeta(app.db, pathname))
  app.addSitemapSource(() => careers.sitemapEntries(app.db))
}
