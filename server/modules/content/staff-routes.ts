import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/contract/common'
import { contentImageSchema } from '@/contract/content-staff'
import { staffAudit, staffSchema } from '../../lib/staff-console'
import { uploadContentImage } from './images'

/** Image uploads of the staff console's content area, registered by the staff module inside its role check. */
export const contentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/staff/content/images/',
    {
      schema: staffSchema(
        'Upload an image (field `image`: JPEG, PNG or GIF, at most 5 MB); answers its public path',
        {
          consumes: ['multipart/form-data'],
          response: { 201: contentImageSchema, 413: errorBodySchema, 415: errorBodySchema },
        },
      ),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await uploadContentImage({ db: app.db, storage: app.storage }, request, staffAudit(request))),
  )
}
