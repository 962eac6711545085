import type { App } from '@/contract/apps'

export interface AppFilters {
  /** 'all' or one app status. */
  status: string
  search: string
}

export const NO_APP_FILTERS: AppFilters = { status: 'all', search: '' }

/** Apps matching the status filter and whose name or description contains the search text. */
export function filterApps(apps: readonly App[], { status, search }: AppFilters): App[] {
  const needle = search.trim().toLowerCase()
  return apps.filter(
    (app) =>
      (status === 'all' || app.status === status) &&
      (!needle || app.name.toLowerCase().includes(needle) || app.description.toLowerCase().includes(needle)),
  )
}

export function hasFilters(filters: AppFilters): boolean {
  return filters.status !== 'all' || filters.search.trim() !== ''
}
