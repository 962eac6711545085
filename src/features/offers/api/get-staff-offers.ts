import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ServiceSlug } from '@/contract/services'
import { staffOfferListSchema, staffOfferSchema, type OFFER_SORTS } from '@/contract/offers-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffOfferFilters {
  page: number
  search: string
  active?: boolean | undefined
  service_type?: ServiceSlug | undefined
  sort: (typeof OFFER_SORTS)[number]
}

export const offerQuery = (filters: StaffOfferFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffOffersQueryOptions = (filters: StaffOfferFilters) =>
  queryOptions({
    queryKey: ['staff', 'offers', offerQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/content/offers/', {
        schema: staffOfferListSchema,
        auth: true,
        query: offerQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffOffers = (filters: StaffOfferFilters) => useQuery(staffOffersQueryOptions(filters))

export const staffOfferQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'offer', id],
    queryFn: () => apiRequest(`/api/staff/content/offers/${id}/`, { schema: staffOfferSchema, auth: true }),
  })

export const useStaffOffer = (id: number) => useQuery(staffOfferQueryOptions(id))
