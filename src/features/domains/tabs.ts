/** The tabs of /domain/$id (`?tab=`); the route reads them at start, so they stay apart from the page. */
export const DOMAIN_TABS = ['overview', 'dns', 'nameservers', 'contacts', 'transfer'] as const
export type DomainTab = (typeof DOMAIN_TABS)[number]
