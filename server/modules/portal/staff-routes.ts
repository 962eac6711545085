import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { recordIdParamSchema } from '@/contract/common'
import {
  createMilestoneSchema,
  createProjectLinkSchema,
  createProjectMemberSchema,
  createStaffProjectSchema,
  staffProjectDetailSchema,
  staffProjectListSchema,
  staffProjectQuerySchema,
  type StaffProjectDetail,
  updateMilestoneSchema,
  updateStaffProjectSchema,
} from '@/contract/portal-staff'
import type { Database } from '../../db/client'
import type { AuditContext } from '../../lib/audit'
import { staffAudit, staffListRoute, staffSchema } from '../../lib/staff-console'
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
    columns: {
      ID: 'id',
      Name: 'name',
      Key: 'key',
      Clients: (p) => p.clients.map((c) => c.company_name).join('; '),
      Status: 'status',
      Priority: 'priority',
      Progress: 'progress',
      Budget: 'total_budget',
      Paid: 'amount_paid',
      Start: 'start_date',
      End: 'end_date',
    },
  })

  app.post(
    '/api/staff/projects/',
    {
      schema: staffSchema('Create a project for one or more clients', {
        body: createStaffProjectSchema,
        response: { 201: staffProjectDetailSchema },
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await createStaffProject(app.db, request.body, staffAudit(request))),
  )

  app.get(
    '/api/staff/projects/:id/',
    {
      schema: staffSchema('A project with its clients, milestones, links and team', {
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema },
      }),
    },
    async (request) => staffProjectDetail(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/projects/:id/',
    {
      schema: staffSchema('Change a project (budget, dates, status, progress, clients, ...)', {
        params: recordIdParamSchema,
        body: updateStaffProjectSchema,
        response: { 200: staffProjectDetailSchema },
      }),
    },
    async (request) => updateStaffProject(app.db, request.params.id, request.body, staffAudit(request)),
  )

  projectPart(app, {
    add: {
      path: '/api/staff/projects/:id/milestones/',
      summary: 'Add a milestone to a project',
      body: createMilestoneSchema,
      run: addMilestone,
    },
    change: {
      summary: 'Change a milestone (marking it paid counts it as paid on the project)',
      body: updateMilestoneSchema,
      run: updateMilestone,
    },
    remove: { path: '/api/staff/milestones/:id/', summary: 'Remove a milestone', run: deleteMilestone },
  })
  projectPart(app, {
    add: {
      path: '/api/staff/projects/:id/links/',
      summary: 'Add a link to a project',
      body: createProjectLinkSchema,
      run: addProjectLink,
    },
    remove: {
      path: '/api/staff/project-links/:id/',
      summary: 'Remove a project link',
      run: deleteProjectLink,
    },
  })
  projectPart(app, {
    add: {
      path: '/api/staff/projects/:id/members/',
      summary: 'Add a team member to a project',
      body: createProjectMemberSchema,
      run: addProjectMember,
    },
    remove: {
      path: '/api/staff/project-members/:id/',
      summary: "Remove a member from a project's team",
      run: deleteProjectMember,
    },
  })
}

type App = Parameters<FastifyPluginAsyncZod>[0]
type PartWrite<Input> = (
  db: Database,
  id: number,
  input: Input,
  audit: AuditContext,
) => Promise<StaffProjectDetail>

/**
 * A part of a project (milestone, link, team member): added to a project by the project's id, removed by
 * its own id (a milestone is also changed there). Each route answers the whole project.
 */
interface ProjectPart<Add extends z.ZodMiniType, Change extends z.ZodMiniType> {
  add: { path: string; summary: string; body: Add; run: PartWrite<z.output<Add>> }
  change?: { summary: string; body: Change; run: PartWrite<z.output<Change>> }
  remove: {
    path: string
    summary: string
    run: (db: Database, id: number, audit: AuditContext) => Promise<StaffProjectDetail>
  }
}

function projectPart<Add extends z.ZodMiniType, Change extends z.ZodMiniType = z.ZodMiniType>(
  app: App,
  part: ProjectPart<Add, Change>,
) {
  const { add, change, remove } = part
  app.post(
    add.path,
    {
      schema: staffSchema(add.summary, {
        params: recordIdParamSchema,
        body: add.body,
        response: { 201: staffProjectDetailSchema },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await add.run(app.db, request.params.id, request.body as z.output<Add>, staffAudit(request))),
  )
  if (change) {
    app.patch(
      remove.path,
      {
        schema: staffSchema(change.summary, {
          params: recordIdParamSchema,
          body: change.body,
          response: { 200: staffProjectDetailSchema },
        }),
      },
      async (request) =>
        change.run(app.db, request.params.id, request.body as z.output<Change>, staffAudit(request)),
    )
  }
  app.delete(
    remove.path,
    {
      schema: staffSchema(remove.summary, {
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema },
      }),
    },
    async (request) => remove.run(app.db, request.params.id, staffAudit(request)),
  )
}
