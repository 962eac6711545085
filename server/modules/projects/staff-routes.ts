import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createPublicProjectSchema,
  publicProjectOptionsSchema,
  staffPublicProjectListSchema,
  staffPublicProjectQuerySchema,
  staffPublicProjectSchema,
  updatePublicProjectSchema,
} from '@/contract/projects-staff'
import { registerContentKind } from '../../lib/staff-content'
import { staffSchema } from '../../lib/staff-console'
import { publicProjectOptions, publicProjectStaffService } from './staff-changes'

/** The portfolio projects of the staff console's content area (`/api/staff/content/…`), registered by the staff module inside its role check. */
export const projectStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/content/project-options/',
    {
      schema: staffSchema('Profiles (product categories) and known tools, for the portfolio project form', {
        response: { 200: publicProjectOptionsSchema },
      }),
    },
    async () => publicProjectOptions(app.db),
  )
  registerContentKind(app, {
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
    csv: {
      ID: 'id',
      Name: 'name',
      Address: 'path',
      Published: (p) => (p.is_active ? 'yes' : 'no'),
      Profile: 'category',
      Type: 'type',
      Year: 'year',
      Order: 'order',
      Tools: (p) => p.tech_tools.join(', '),
      Updated: 'updated_at',
    },
    service: publicProjectStaffService,
  })
}
