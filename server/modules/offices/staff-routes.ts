import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createOfficeSchema,
  staffOfficeListSchema,
  staffOfficeQuerySchema,
  staffOfficeSchema,
  updateOfficeSchema,
} from '@/contract/offices-staff'
import { registerContentKind } from '../../lib/staff-content'
import { officeStaffService } from './staff-changes'

/** The offices of the staff console's content area (`/api/staff/content/…`), registered by the staff module inside its role check. */
export const officeStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContentKind(app, {
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
    csv: {
      ID: 'id',
      Title: 'title',
      Address: 'address',
      Published: (o) => (o.is_active ? 'yes' : 'no'),
      Phone: 'phone',
      'E-mail': 'email',
      Position: 'position',
    },
    service: officeStaffService,
  })
}
