import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/contract/common'
import { contactRequestSchema, submissionResponseSchema } from '@/contract/inquiries'
import {
  franchiseApplicationRequestSchema,
  franchiseApplicationResponseSchema,
} from '@/contract/franchise-applications'
import { PROJECT_FEATURES } from '@/contract/project-inquiries'
import { readMultipart } from '../../lib/uploads'
import { limits } from '../../plugins/rate-limit'
import * as inquiries from './service'
import { formRoute } from '../../lib/route-form'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['public forms'], errors: errorAnswers(400, 429) })

/** The three public forms: contact message, project brief and franchise application. */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: inquiries.InquiryDeps['log']) => ({ db: app.db, mailer: app.mailer, log })

  formRoute(app, schema, limits.publicForm, '/api/public/contact/', {
    summary: 'Send a message through the contact form',
    description:
      "name, email and message are required ('Please fill all required fields.'); the e-mail must look like name@host.tld ('Please enter a valid email address.'). inquiry_type is general, quote, job or partnership (labels are accepted: lower-cased, first space to '_'); default general. An empty subject becomes '<Type> Inquiry'. The sender gets a confirmation e-mail.",
    body: contactRequestSchema,
    answer: submissionResponseSchema,
    status: 201,
    handle: (request) => inquiries.sendContactMessage(deps(request.log), request.body),
  })

  app.post(
    '/api/public/project-inquiry/',
    {
      schema: schema('Submit a project brief (multipart/form-data)', {
        description: [
          'Fields: project_name, contact_name, contact_email, description (required; else 400 "Please fill all required fields."); contact_phone, company, project_type (web, mobile, ecommerce, erp, crm, custom), budget_range (5k-10k, 10k-25k, 25k-50k, 50k+, discuss), preferred_deadline (YYYY-MM-DD), features (JSON text of a list of: ' +
            PROJECT_FEATURES.join(', ') +
            ').',
          'File: requirements_file, optional, .pdf/.doc/.docx/.txt up to 10 MB, checked by its first bytes (413 too large, 415 wrong type).',
        ].join('\n\n'),
        consumes: ['multipart/form-data'],
        response: { 201: submissionResponseSchema, 413: errorBodySchema, 415: errorBodySchema },
      }),
      config: { rateLimit: limits.publicForm },
    },
    async (request, reply) => {
      const upload = await readMultipart(request, app.storage, {
        requirements_file: inquiries.requirementsFileRule,
      })
      const result = await inquiries.submitProjectInquiry(
        { ...deps(request.log), storage: app.storage },
        upload,
      )
      return reply.status(201).send(result)
    },
  )

  formRoute(app, schema, limits.publicForm, '/api/public/franchise-applications/', {
    summary: 'Apply for a franchise',
    description:
      "full_name, email, phone and country are required ('Please fill all required fields.'); the e-mail must look like name@host.tld. The applicant gets a confirmation e-mail.",
    body: franchiseApplicationRequestSchema,
    answer: franchiseApplicationResponseSchema,
    status: 201,
    handle: (request) => inquiries.submitFranchiseApplication(deps(request.log), request.body),
  })
}
