import * as z from 'zod/mini'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  certificateCreateSchema,
  certificateListSchema,
  certificateSchema,
  revokeRequestSchema,
  serialParamSchema,
  SIGNED_FIELDS,
  SIGNED_PREFIX,
  signingKeySchema,
  verifyRequestSchema,
} from '@/contract/certificates'
import { errorBodySchema, pageQuerySchema } from '@/contract/common'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import * as certificates from './service'
import { resolveSigningKey } from '../../lib/signing-key'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema }

const listQuerySchema = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.maxLength(200))),
  status: z.optional(z.enum(['active', 'revoked'])),
})

/** Certificates: staff issue and revoke; anyone verifies by serial (spec 002 §2.7, §2.8, §7.3). */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = await resolveSigningKey(app.config.certificateSigningKey, app.config.dataDir)
  const deps: certificates.CertificateDeps = { db: app.db, key, publicUrl: app.config.publicUrl }

  app.post(
    '/api/certificates/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Issue a certificate (staff only)',
        description:
          "Required: recipient_name, recipient_email, course_name, completion_date, issue_date (else 400 'Please fill in all required fields'). The server draws the serial CYP-YYYY-TYPE-XXXXXX, signs the certificate with its Ed25519 key and decides its status; verification_status, is_valid and is_verified in the body are ignored. Without issuer or organization the defaults are used.",
        body: certificateCreateSchema,
        response: { 201: certificateSchema, ...errors },
      },
      preHandler: app.requireStaff,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await certificates.createCertificate(deps, request.body, callerOf(request).userId)),
  )

  app.get(
    '/api/certificates/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'List issued certificates, newest first (staff only)',
        querystring: listQuerySchema,
        response: { 200: certificateListSchema, ...errors },
      },
      preHandler: app.requireStaff,
    },
    async (request) =>
      paginate(request, app.config.publicUrl, await certificates.listCertificates(deps, request.query)),
  )

  app.post(
    '/api/certificates/:serial/revoke/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Revoke a certificate with a reason, shown on verification (staff only)',
        params: serialParamSchema,
        body: revokeRequestSchema,
        response: { 200: certificateSchema, 409: errorBodySchema, ...errors },
      },
      preHandler: app.requireStaff,
    },
    async (request) =>
      certificates.revokeCertificate(
        deps,
        request.params.serial,
        request.body.reason,
        callerOf(request).userId,
      ),
  )

  app.post(
    '/api/public/certificates/verify/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Verify a certificate by serial number (any letter case)',
        description:
          "404 'Certificate not found' for an unknown serial. An expiry date in the past gives verification_status expired and is_valid false; a revoked certificate carries revoked_at and revocation_reason; signature.verified says whether the stored certificate still matches the server's signature. recipient_email is masked.",
        body: verifyRequestSchema,
        response: {
          200: certificateSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: { rateLimit: limits.lookup },
    },
    async (request) => certificates.verifyCertificate(deps, request.body.serial_number),
  )

  app.get(
    '/api/public/certificates/signing-key/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'The public key that verifies certificate signatures, and what exactly is signed',
        response: { 200: signingKeySchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600')
      return {
        algorithm: 'Ed25519' as const,
        key_id: key.keyId,
        public_key_pem: key.publicKeyPem,
        signed_prefix: SIGNED_PREFIX,
        signed_fields: [...SIGNED_FIELDS],
      }
    },
  )

  app.addPageMeta((pathname) => certificates.certificatePageMeta(app.db, pathname))
}
