/** The dashboard's tabs, opened by ?tab= (kept light: the route reads them before the page loads). */
export const DASHBOARD_TABS = ['overview', 'projects', 'apps'] as const
export type DashboardTab = (typeof DASHBOARD_TABS)[number]
