import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createOfferSchema,
  staffOfferListSchema,
  staffOfferQuerySchema,
  staffOfferSchema,
  updateOfferSchema,
} from '@/contract/offers-staff'
import { registerContentKind } from '../../lib/staff-content'
import { offerStaffService } from './staff-changes'

/** The offers of the staff console's content area (`/api/staff/content/…`), registered by the staff module inside its role check. */
export const offerStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContentKind(app, {
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
    csv: {
      ID: 'id',
      Title: 'title',
      Service: 'service_type',
      Published: (o) => (o.is_active ? 'yes' : 'no'),
      'Shown now': (o) => (o.is_current ? 'yes' : 'no'),
      Price: 'price',
      'Original price': 'original_price',
      Currency: 'currency',
      From: 'valid_from',
      Until: 'valid_until',
      Position: 'position',
    },
    service: offerStaffService,
  })
}
