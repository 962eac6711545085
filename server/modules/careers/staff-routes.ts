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
    csv: {
      ID: 'id',
      Title: 'title',
      Address: (j) => `/careers/${j.slug}`,
      Published: (j) => (j.is_active ? 'yes' : 'no'),
      Department: 'department',
      Location: 'location',
      Type: 'job_type',
      Level: 'experience_level',
      Applications: 'applications_count',
      Deadline: 'application_deadline',
      Updated: 'updated_at',
    },
    service: jobStaffService,
  })
}
