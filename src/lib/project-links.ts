import type { KnownLinkType, ProjectLink, ProjectListItem } from '@/contract/projects'

/** The first `limit` items and how many more there are ('+N', '+N more'). */
export function limitList<T>(items: readonly T[], limit: number): { shown: T[]; extra: number } {
  return { shown: items.slice(0, limit), extra: Math.max(0, items.length - limit) }
}

export interface ProjectStoreLinks {
  playStore: string | null
  appStore: string | null
  website: string | null
  /** Every other link (github, demo, admin_panel and the rest), in order. */
  others: ProjectLink[]
}

/** Store and website addresses from the project's own fields, else from its typed links. */
export function projectStoreLinks(item: Pick<ProjectListItem, 'links' | 'project'>): ProjectStoreLinks {
  const links = item.links.length > 0 ? item.links : item.project.links
  const ofType = (type: KnownLinkType) => links.find((link) => link.link_type === type)?.url ?? null
  return {
    playStore: item.project.android_url || ofType('play_store'),
    appStore: item.project.ios_url || ofType('app_store'),
    website: item.project.website_url || ofType('website'),
    others: links.filter((link) => !['play_store', 'app_store', 'website'].includes(link.link_type)),
  }
}
