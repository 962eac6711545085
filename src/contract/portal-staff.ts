import * as z from 'zod/mini'
import {
  isCalendarDate,
  optionalQueryText,
  pageNumber,
  paginated,
  recordId,
  requiredText,
  tooLong,
} from './common'
import { LINK_TYPES, MILESTONE_STATUSES, PROJECT_PRIORITIES, PROJECT_STATUSES } from './portal'

/** The staff console's projects (issue 15): what staff create and change for clients. */
export const STAFF_PROJECTS_PAGE_SIZE = 20
export const PROJECT_NAME_MAX = 200
export const PROJECT_TEXT_MAX = 5000
export const MONEY_MAX = 100_000_000

export const staffProjectMessages = {
  created: 'Project created.',
  saved: 'Project saved.',
  milestoneAdded: 'Milestone added.',
  milestoneSaved: 'Milestone saved.',
  milestoneRemoved: 'Milestone removed.',
  linkAdded: 'Link added.',
  linkRemoved: 'Link removed.',
  memberAdded: 'Team member added.',
  memberRemoved: 'Team member removed.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  endBeforeStart: 'The end date cannot be before the start date.',
  unknownClient: 'No such client.',
  keyTaken: 'Another project already uses this key.',
  invalidUrl: 'Enter a full address starting with https:// or http://.',
} as const

const calendarDate = z.nullable(z.string().check(z.refine(isCalendarDate, staffProjectMessages.invalidDate)))
const optionalUrl = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(500, tooLong(500)),
    z.refine((v) => /^https?:\/\/\S+$/.test(v), staffProjectMessages.invalidUrl),
  ),
)
const money = z.number().check(z.gte(0), z.lte(MONEY_MAX))

/** POST /api/staff/projects/ (all fields) and PATCH (any of them). */
export const staffProjectFields = {
  name: requiredText(PROJECT_NAME_MAX),
  key: z.nullable(z.string().check(z.trim(), z.maxLength(40, tooLong(40)))),
  description: z.string().check(z.trim(), z.maxLength(PROJECT_TEXT_MAX, tooLong(PROJECT_TEXT_MAX))),
  status: z.enum(PROJECT_STATUSES),
  priority: z.enum(PROJECT_PRIORITIES),
  start_date: calendarDate,
  end_date: calendarDate,
  progress: z.int().check(z.gte(0), z.lte(100)),
  total_budget: money,
  website_url: optionalUrl,
  dashboard_url: optionalUrl,
  /** The client companies (clients.id) that see the project. */
  clients: z.array(recordId()).check(z.maxLength(50)),
}
export const createStaffProjectSchema = z.object({
  name: staffProjectFields.name,
  key: z._default(z.optional(staffProjectFields.key), null),
  description: z._default(z.optional(staffProjectFields.description), ''),
  status: z._default(z.optional(staffProjectFields.status), 'new'),
  priority: z._default(z.optional(staffProjectFields.priority), 'medium'),
  start_date: z._default(z.optional(staffProjectFields.start_date), null),
  end_date: z._default(z.optional(staffProjectFields.end_date), null),
  progress: z._default(z.optional(staffProjectFields.progress), 0),
  total_budget: z._default(z.optional(staffProjectFields.total_budget), 0),
  website_url: z._default(z.optional(staffProjectFields.website_url), null),
  dashboard_url: z._default(z.optional(staffProjectFields.dashboard_url), null),
  clients: z._default(z.optional(staffProjectFields.clients), []),
})
export type CreateStaffProjectInput = z.output<typeof createStaffProjectSchema>
export const updateStaffProjectSchema = z.partial(z.object(staffProjectFields))
export type UpdateStaffProjectInput = z.output<typeof updateStaffProjectSchema>

export const staffMilestoneFields = {
  title: requiredText(PROJECT_NAME_MAX),
  description: z.string().check(z.trim(), z.maxLength(PROJECT_TEXT_MAX, tooLong(PROJECT_TEXT_MAX))),
  amount: money,
  status: z.enum(MILESTONE_STATUSES),
  due_date: calendarDate,
  order: z.int().check(z.gte(0), z.lte(10_000)),
}
export const createMilestoneSchema = z.object({
  title: staffMilestoneFields.title,
  description: z._default(z.optional(staffMilestoneFields.description), ''),
  amount: z._default(z.optional(staffMilestoneFields.amount), 0),
  status: z._default(z.optional(staffMilestoneFields.status), 'pending'),
  due_date: z._default(z.optional(staffMilestoneFields.due_date), null),
  order: z.optional(staffMilestoneFields.order),
})
export type CreateMilestoneInput = z.output<typeof createMilestoneSchema>
export const updateMilestoneSchema = z.partial(z.object(staffMilestoneFields))
export type UpdateMilestoneInput = z.output<typeof updateMilestoneSchema>

export const createProjectLinkSchema = z.object({
  link_type: z.enum(LINK_TYPES),
  url: z.string().check(
    z.trim(),
    z.maxLength(500, tooLong(500)),
    z.refine((v) => /^https?:\/\/\S+$/.test(v), staffProjectMessages.invalidUrl),
  ),
  title: z._default(z.optional(z.string().check(z.trim(), z.maxLength(200, tooLong(200)))), ''),
})
export type CreateProjectLinkInput = z.output<typeof createProjectLinkSchema>

export const createProjectMemberSchema = z.object({
  full_name: requiredText(200),
  role: z._default(z.optional(z.string().check(z.trim(), z.maxLength(200, tooLong(200)))), ''),
})
export type CreateProjectMemberInput = z.output<typeof createProjectMemberSchema>

export const staffProjectRowSchema = z.object({
  id: z.int(),
  name: z.string(),
  key: z.nullable(z.string()),
  status: z.string(),
  priority: z.string(),
  progress: z.int(),
  total_budget: z.number(),
  amount_paid: z.number(),
  start_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
  clients: z.array(z.object({ id: z.int(), company_name: z.string() })),
  updated_at: z.string(),
})
export type StaffProjectRow = z.infer<typeof staffProjectRowSchema>
export const staffProjectListSchema = paginated(staffProjectRowSchema)

export const staffProjectDetailSchema = z.extend(staffProjectRowSchema, {
  description: z.string(),
  website_url: z.nullable(z.string()),
  dashboard_url: z.nullable(z.string()),
  milestones: z.array(
    z.object({
      id: z.int(),
      title: z.string(),
      description: z.string(),
      amount: z.number(),
      status: z.string(),
      due_date: z.nullable(z.string()),
      order: z.int(),
    }),
  ),
  links: z.array(z.object({ id: z.int(), link_type: z.string(), url: z.string(), title: z.string() })),
  members: z.array(z.object({ id: z.int(), full_name: z.string(), role: z.string() })),
})
export type StaffProjectDetail = z.infer<typeof staffProjectDetailSchema>

export const STAFF_PROJECT_SORTS = ['updated', 'newest', 'name', 'end_date'] as const
export const staffProjectQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  status: z.optional(z.enum(PROJECT_STATUSES)),
  client: z.optional(recordId()),
  sort: z._default(z.optional(z.enum(STAFF_PROJECT_SORTS)), 'updated'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffProjectQuery = z.output<typeof staffProjectQuerySchema>
