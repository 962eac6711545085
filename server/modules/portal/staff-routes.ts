import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { recordIdParamSchema } from '@/contract/common'
import {
  createMilestoneSchema,
  createProjectLinkSchema,
  createProjectMemberSchema,
  createStaffProjectSchema,
  staffProjectDetailSchema,
  staffProjectListSchema,
  staffProjectQuerySchema,
  updateMilestoneSchema,
  updateStaffProjectSchema,
} from '@/contract/portal-staff'
import { staffAudit, staffErrors, staffListRoute, staffSecurity, staffTags } from '../../lib/staff-console'
import {
  addMilestone,
  addProjectLink,
  addProjectMember,
  createStaffProject,
  deleteMilestone,
  deleteProjectLink,
  deleteProjectMember,
  listStaffProjects,
  staffProjectDetail,
  updateMilestone,
  updateStaffProject,
} from './staff-changes'

const tags = staffTags
const security = staffSecurity
const errors = staffErrors

/**
 * The client projects area of the staff console (`/api/staff/projects/…`, milestones, links, members).
 * Registered by the staff module inside its role check; writes are audited in their transactions.
 */
export const portalStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  staffListRoute(app, '/api/staff/projects/', {
    summary: 'Every client project',
    filters: 'Filters: search, status, client. Sort: updated, newest, name, end_date.',
    query: staffProjectQuerySchema,
    list: staffProjectListSchema,
    file: 'projects',
    load: (query, pageSize) => listStaffProjects(app.db, query, pageSize),
    columns: [
      { label: 'ID', value: (p) => p.id },
      { label: 'Name', value: (p) => p.name },
      { label: 'Key', value: (p) => p.key ?? '' },
      { label: 'Clients', value: (p) => p.clients.map((c) => c.company_name).join('; ') },
      { label: 'Status', value: (p) => p.status },
      { label: 'Priority', value: (p) => p.priority },
      { label: 'Progress', value: (p) => p.progress },
      { label: 'Budget', value: (p) => p.total_budget },
      { label: 'Paid', value: (p) => p.amount_paid },
      { label: 'Start', value: (p) => p.start_date ?? '' },
      { label: 'End', value: (p) => p.end_date ?? '' },
    ],
  })

  app.post(
    '/api/staff/projects/',
    {
      schema: {
        tags,
        summary: 'Create a project for one or more clients',
        security,
        body: createStaffProjectSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createStaffProject(app.db, request.body, staffAudit(request))),
  )

  app.get(
    '/api/staff/projects/:id/',
    {
      schema: {
        tags,
        summary: 'A project with its clients, milestones, links and team',
        security,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => staffProjectDetail(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/projects/:id/',
    {
      schema: {
        tags,
        summary: 'Change a project (budget, dates, status, progress, clients, ...)',
        security,
        params: recordIdParamSchema,
        body: updateStaffProjectSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => updateStaffProject(app.db, request.params.id, request.body, staffAudit(request)),
  )

  app.post(
    '/api/staff/projects/:id/milestones/',
    {
      schema: {
        tags,
        summary: 'Add a milestone to a project',
        security,
        params: recordIdParamSchema,
        body: createMilestoneSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addMilestone(app.db, request.params.id, request.body, staffAudit(request))),
  )

  app.patch(
    '/api/staff/milestones/:id/',
    {
      schema: {
        tags,
        summary: 'Change a milestone (marking it paid counts it as paid on the project)',
        security,
        params: recordIdParamSchema,
        body: updateMilestoneSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => updateMilestone(app.db, request.params.id, request.body, staffAudit(request)),
  )

  app.delete(
    '/api/staff/milestones/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a milestone',
        security,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => deleteMilestone(app.db, request.params.id, staffAudit(request)),
  )

  app.post(
    '/api/staff/projects/:id/links/',
    {
      schema: {
        tags,
        summary: 'Add a link to a project',
        security,
        params: recordIdParamSchema,
        body: createProjectLinkSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addProjectLink(app.db, request.params.id, request.body, staffAudit(request))),
  )

  app.delete(
    '/api/staff/project-links/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a project link',
        security,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => deleteProjectLink(app.db, request.params.id, staffAudit(request)),
  )

  app.post(
    '/api/staff/projects/:id/members/',
    {
      schema: {
        tags,
        summary: 'Add a team member to a project',
        security,
        params: recordIdParamSchema,
        body: createProjectMemberSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addProjectMember(app.db, request.params.id, request.body, staffAudit(request))),
  )

  app.delete(
    '/api/staff/project-members/:id/',
    {
      schema: {
        tags,
        summary: "Remove a member from a project's team",
        security,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => deleteProjectMember(app.db, request.params.id, staffAudit(request)),
  )
}
