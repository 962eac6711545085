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
    service: offerStaffService,
  })
}
