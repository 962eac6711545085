import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ACCESS_LEVELS, MILESTONE_STATUSES, PROJECT_PRIORITIES, PROJECT_STATUSES } from '@/contract/portal'
import { clients, users } from './accounts'

/** A custom development project the company runs for one or more clients (spec 001 §3). */
export const portalProjects = pgTable('portal_projects', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Which clients see which project, and how much they may do there; no row means no access (404). */
export const portalProjectAccess = pgTable(
  'portal_project_access',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    projectId: integer()
      .notNull()
      .references(() => portalProjects.id, { onDelete: 'cascade' }),
    /** Null reads as 'View'. */
    accessLevel: text({ enum: ACCESS_LEVELS }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_project_access_client_project_idx').on(t.clientId, t.projectId),
    index('portal_project_access_project_idx').on(t.projectId),
  ],
)

export const portalProjectMembers = pgTable(
  'portal_project_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer()
      .notNull()
      .references(() => portalProjects.id, { onDelete: 'cascade' }),
    /** A member may be one of our users or an outside contributor known only by name. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    fullName: text().notNull(),
    role: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_project_members_project_idx').on(t.projectId)],
)

export const portalUserStories = pgTable(
  'portal_user_stories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer()
      .notNull()
      .references(() => portalProjects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    status: text({ enum: ['todo', 'in_progress', 'done'] })
      .notNull()
      .default('todo'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_user_stories_project_idx').on(t.projectId)],
)

export const portalProjectLinks = pgTable(
  'portal_project_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer()
      .notNull()
      .references(() => portalProjects.id, { onDelete: 'cascade' }),
    linkType: text().notNull(),
    url: text().notNull(),
    title: text().notNull().default(''),
    order: integer().notNull().default(0),
  },
  (t) => [index('portal_project_links_project_idx').on(t.projectId)],
)

export const portalMilestones = pgTable(
  'portal_milestones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer()
      .notNull()
      .references(() => portalProjects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** Cents (USD). */
    amountMinor: integer().notNull().default(0),
    status: text({ enum: MILESTONE_STATUSES }).notNull().default('pending'),
    dueDate: date({ mode: 'string' }),
    order: integer().notNull().default(0),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('portal_milestones_project_idx').on(t.projectId)],
)
