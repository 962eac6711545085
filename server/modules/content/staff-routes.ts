import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/contract/common'
import { contentImageSchema } from '@/contract/content-staff'
import { staffAudit, staffErrors, staffSecurity, staffTags } from '../../lib/staff-console'
import { uploadContentImage } from './images'

const tags = staffTags
const security = staffSecurity
const errors = staffErrors

/** Image uploads of the staff console's content area, registered by the staff module inside its role check. */
export const contentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
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
        .send(await uploadContentImage({ db: app.db, storage: app.storage }, request, staffAudit(request))),
  )
}
