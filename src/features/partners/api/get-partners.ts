import { queryOptions, useQuery } from '@tanstack/react-query'
import { partnerListSchema, type Partner } from '@/contract/partners'
import { pageCount } from '@/components/pagination'
import { apiRequest } from '@/lib/api-client'

/** More pages than this would not be a partner list a visitor can scan; the rest stay unlisted. */
const MAX_PAGES = 10

const getPartnerPage = (page: number) =>
  apiRequest('/api/public/partners/', { schema: partnerListSchema, query: { page } })

/** Every partner: the search on /partners is client-side, so it needs all pages, not just the first. */
export async function getAllPartners(): Promise<Partner[]> {
  const first = await getPartnerPage(1)
  const pages = Math.min(MAX_PAGES, pageCount(first.count, first.results.length || 1))
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) => getPartnerPage(i + 2).then((list) => list.results)),
  )
  return [...first.results, ...rest.flat()]
}

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: ['partners', 'all'], queryFn: getAllPartners })

export function usePartners() {
  return useQuery(partnersQueryOptions())
}
