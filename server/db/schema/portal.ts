import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, parentId, optionalRef, timestamps } from './columns'
import { ACCESS_LEVELS, MILESTONE_STATUSES, PROJECT_PRIORITIES, PROJECT_STATUSES } from '@/contract/portal'
import { clients, users } from './accounts'
import { ownedTable } from './tables'

/** A custom development project the company runs for one or more clients (spec 001 §3). */
export const portalProjects = pgTable('portal_projects', {
  id: id(),
  name: text().notNull(),
  key: text().unique(),
  description: text().notNull().default(''),
  logoUrl: text(),
  status: text({ enum: PROJECT_STATUSES }).notNull().default('new'),
  priority: text({ enum: PROJECT_PRIORITIES }).notNull().default('medium'),
  startDate: date({ mode: 'string' }),
  endDate: date({ mode: 'string' }),
  /** Delivery progress in percent, kept by the team. */
  progress: integer().notNull().default(0),
  /** Budget in cents (USD). What is paid is the sum of the paid milestones. */
  totalBudgetMinor: integer().notNull().default(0),
  websiteUrl: text(),
  dashboardUrl: text(),
  ...timestamps(),
})

/** Which clients see which project, and how much they may do there; no row means no access (404). */
export const portalProjectAccess = pgTable(
  'portal_project_access',
  {
    id: id(),
    clientId: parentId(() => clients.id),
    projectId: parentId(() => portalProjects.id),
    /** Null reads as 'View'. */
    accessLevel: text({ enum: ACCESS_LEVELS }),
    createdAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('portal_project_access_client_project_idx').on(t.clientId, t.projectId),
    index('portal_project_access_project_idx').on(t.projectId),
  ],
)

/** The rows of one portal project, which go with it. */
const projectOwner = { key: 'projectId', references: () => portalProjects.id, indexName: 'project' } as const

export const portalProjectMembers = ownedTable('portal_project_members', projectOwner, {
  /** A member may be one of our users or an outside contributor known only by name. */
  userId: optionalRef(() => users.id),
  fullName: text().notNull(),
  role: text().notNull().default(''),
  createdAt: timestamptzNow(),
})

export const portalUserStories = ownedTable('portal_user_stories', projectOwner, {
  title: text().notNull(),
  status: text({ enum: ['todo', 'in_progress', 'done'] })
    .notNull()
    .default('todo'),
  createdAt: timestamptzNow(),
})

export const portalProjectLinks = ownedTable('portal_project_links', projectOwner, {
  linkType: text().notNull(),
  url: text().notNull(),
  title: text().notNull().default(''),
  order: integer().notNull().default(0),
})

export const portalMilestones = ownedTable('portal_milestones', projectOwner, {
  title: text().notNull(),
  description: text().notNull().default(''),
  /** Cents (USD). */
  amountMinor: integer().notNull().default(0),
  status: text({ enum: MILESTONE_STATUSES }).notNull().default('pending'),
  dueDate: date({ mode: 'string' }),
  order: integer().notNull().default(0),
  paidAt: timestamptz(),
})
