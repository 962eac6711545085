import { jobSchema } from '@/contract/careers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createJobSchema,
  staffJobListSchema,
  staffJobQuerySchema,
  updateJobSchema,
} from '@/contract/careers-staff'
import { registerContentKind } from '../../lib/staff-content'
import { jobStaffService } from './staff-changes'

/** The jobs of the staff console's content area (`/api/staff/content/…`), registered by the staff module inside its role check. */
export const careerStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContentKind(app, {
    path: 'jobs',
    schemas: {
      query: staffJobQuerySchema,
      create: createJobSchema,
      update: updateJobSchema,
      item: jobSchema,
      list: staffJobListSchema,
    },
    texts: {
      list: 'Every job, unpublished ones too',
      filters:
        'Filters: search (title, address, department, location), active. Sort: updated, newest, title, deadline.',
      create: 'Create a job (not published; its HTML description is sanitized when stored)',
      one: 'One job',
      update: 'Change a job',
      publish: 'Publish a job (listed, and open for applications)',
      unpublish: 'Unpublish a job (hidden; its applications stay)',
    },
    csv: [
      { label: 'ID', value: (j) => j.id },
      { label: 'Title', value: (j) => j.title },
      { label: 'Address', value: (j) => `/careers/${j.slug}` },
      { label: 'Published', value: (j) => (j.is_active ? 'yes' : 'no') },
      { label: 'Department', value: (j) => j.department },
      { label: 'Location', value: (j) => j.location },
      { label: 'Type', value: (j) => j.job_type },
      { label: 'Level', value: (j) => j.experience_level },
      { label: 'Applications', value: (j) => j.applications_count },
      { label: 'Deadline', value: (j) => j.application_deadline ?? '' },
      { label: 'Updated', value: (j) => j.updated_at },
    ],
    service: jobStaffService,
  })
}
