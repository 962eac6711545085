/** The portal's tabs, opened by ?tab= (kept light: the routes read them before the pages load). */
export const DASHBOARD_TABS = ['overview', 'projects', 'apps', 'domains'] as const
export type DashboardTab = (typeof DASHBOARD_TABS)[number]

export const PROJECT_TABS = ['overview', 'tickets'] as const
export type ProjectTab = (typeof PROJECT_TABS)[number]
