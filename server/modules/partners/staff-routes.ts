import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createPartnerSchema,
  staffPartnerListSchema,
  staffPartnerQuerySchema,
  staffPartnerSchema,
  updatePartnerSchema,
} from '@/contract/partners-staff'
import { registerContentKind } from '../../lib/staff-content'
import { partnerStaffService } from './staff-changes'

/** The partners of the staff console's content area (`/api/staff/content/…`), registered by the staff module inside its role check. */
export const partnerStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContentKind(app, {
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
    csv: {
      ID: 'id',
      Name: 'name',
      Published: (p) => (p.is_active ? 'yes' : 'no'),
      Website: 'website',
      Logo: 'image',
      Position: 'position',
    },
    service: partnerStaffService,
  })
}
