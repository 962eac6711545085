import * as z from 'zod/mini'
import { paginated } from './common'

/** The client portal's projects (spec 001 §3): custom development work done for a client. */
export const PROJECT_STATUSES = ['new', 'active', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]
/** Projects that count as "Active Projects" on the dashboard: work is going on. */
export const ACTIVE_PROJECT_STATUSES = ['active', 'in_progress'] as const satisfies readonly ProjectStatus[]

export const PROJECT_PRIORITIES = ['low', 'medium', 'high', 'urgent', 'critical'] as const

/** How much of a project a client may see and do, stored per client and project. */
export const ACCESS_LEVELS = ['view', 'edit', 'admin'] as const

export const MILESTONE_STATUSES = ['pending', 'paid', 'overdue'] as const

export const LINK_TYPES = [
  'website',
  'dashboard',
  'repository',
  'design',
  'staging',
  'documentation',
] as const

/** A trend as the stat cards show it: '+12.5%', '-3%', '0%'; null shows no trend. */
export function formatTrend(change: number | null): string | null {
  if (change === null) return null
  const text = `${Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`
  return change > 0 ? `+${text}` : change < 0 ? `-${text}` : text
}

/** Texts of spec 001 §2 and §8 for the dashboard and the project page (the My Apps tab's are appMessages). */
export const portalMessages = {
  overviewFailed: 'Failed to load overview data. Please try again.',
  projectsFailed: 'Failed to load projects. Please try again.',
  errorLoadingOverview: 'Error Loading Overview',
  errorLoadingProjects: 'Error Loading Projects',
  projectFailed: 'Failed to load project data. Please try again.',
  errorLoadingProject: 'Error Loading Project',
  projectNotFound: 'Project not found',
  descriptionFallback: 'Custom development project',
  accessLevelFallback: 'View',
  noWebsite: 'No Website Available',
  projectInfoCopied: 'Project info copied to clipboard!',
} as const

const timestamp = z.string()
/** A calendar date, YYYY-MM-DD. */
const calendarDate = z.nullable(z.string())

/** GET /api/client/overview/ (spec 001 §3 "Client overview"). */
export const clientOverviewSchema = z.object({
  client: z.object({
    user: z.object({ first_name: z.string(), last_name: z.string() }),
    company_name: z.string(),
    /** Distinct recipients the client's apps have messaged. */
    contacts_count: z.int(),
  }),
  overview: z.object({
    total_apps: z.int(),
    active_projects: z.int(),
    /** Delivered messages as a percentage of all messages sent, one decimal. */
    success_rate: z.number(),
  }),
  /**
   * Month-over-month trends (ours; the spec's are fixed figures): each figure now against the same
   * figure when this UTC month began. Counts in percent of that figure, the success rate in percentage
   * points, one decimal; null when there is nothing to compare with (the figure was 0 then).
   */
  trends: z.object({
    total_apps: z.nullable(z.number()),
    active_projects: z.nullable(z.number()),
    contacts: z.nullable(z.number()),
    success_rate: z.nullable(z.number()),
  }),
})
export type ClientOverview = z.infer<typeof clientOverviewSchema>

/** One row of GET /api/client/projects/: the client's access to a project (spec 001 §3). */
export const clientProjectCardSchema = z.object({
  id: z.int(),
  /** The project id, used in /project/{id}. */
  project: z.int(),
  project_name: z.string(),
  project_logo: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  description: z.string(),
  created_at: timestamp,
  project_key: z.nullable(z.string()),
  access_level: z.nullable(z.string()),
  project_status: z.string(),
})
export type ClientProjectCard = z.infer<typeof clientProjectCardSchema>
export const clientProjectListSchema = paginated(clientProjectCardSchema)
/** Page size of GET /api/client/projects/ (the public portfolio's is PROJECTS_PAGE_SIZE). */
export const CLIENT_PROJECTS_PAGE_SIZE = 20

/** A link of a client's project (the public portfolio's links are ProjectLink, a different shape). */
export const portalProjectLinkSchema = z.object({ link_type: z.string(), url: z.string(), title: z.string() })
export type PortalProjectLink = z.infer<typeof portalProjectLinkSchema>

export const milestoneSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  amount: z.number(),
  status: z.string(),
  due_date: calendarDate,
  order: z.int(),
})
export type Milestone = z.infer<typeof milestoneSchema>

export const financialSchema = z.object({
  total_budget: z.number(),
  amount_paid: z.number(),
  remaining_budget: z.number(),
  /** Paid as a percentage of the budget, one decimal. */
  progress_percentage: z.number(),
})
export type Financial = z.infer<typeof financialSchema>

/** GET /api/client/projects/{id}/overview/ (spec 001 §3 "Project overview"). */
export const projectOverviewSchema = z.object({
  id: z.int(),
  name: z.string(),
  key: z.nullable(z.string()),
  description: z.string(),
  logo: z.nullable(z.string()),
  status: z.string(),
  priority: z.string(),
  start_date: calendarDate,
  end_date: calendarDate,
  members_count: z.int(),
  user_stories_count: z.int(),
  progress: z.int(),
  website_url: z.nullable(z.string()),
  dashboard_url: z.nullable(z.string()),
  links: z.array(portalProjectLinkSchema),
  financial: financialSchema,
  milestones: z.array(milestoneSchema),
})
export type ProjectOverview = z.infer<typeof projectOverviewSchema>
