/** The project page's tabs, opened by ?tab= (kept light: the route reads them before the page loads). */
export const PROJECT_TABS = ['overview', 'tickets'] as const
export type ProjectTab = (typeof PROJECT_TABS)[number]
