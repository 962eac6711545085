import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { staffPartnerListSchema, staffPartnerSchema, type PARTNER_SORTS } from '@/contract/partners-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffPartnerFilters {
  page: number
  search: string
  active?: boolean | undefined
  sort: (typeof PARTNER_SORTS)[number]
}

export const partnerQuery = (filters: StaffPartnerFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffPartnersQueryOptions = (filters: StaffPartnerFilters) =>
  queryOptions({
    queryKey: ['staff', 'partners', partnerQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/content/partners/', {
        schema: staffPartnerListSchema,
        auth: true,
        query: partnerQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffPartners = (filters: StaffPartnerFilters) => useQuery(staffPartnersQueryOptions(filters))

export const staffPartnerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'partner', id],
    queryFn: () =>
      apiRequest(`/api/staff/content/partners/${id}/`, { schema: staffPartnerSchema, auth: true }),
  })

export const useStaffPartner = (id: number) => useQuery(staffPartnerQueryOptions(id))
