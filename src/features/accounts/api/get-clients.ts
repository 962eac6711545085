import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  staffClientDetailSchema,
  staffClientListSchema,
  type STAFF_CLIENT_SORTS,
} from '@/contract/accounts-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffClientFilters {
  page: number
  search: string
  active?: boolean | undefined
  sort: (typeof STAFF_CLIENT_SORTS)[number]
}

export const clientQuery = (filters: StaffClientFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffClientsQueryOptions = (filters: StaffClientFilters) =>
  queryOptions({
    queryKey: ['staff', 'clients', clientQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/clients/', {
        schema: staffClientListSchema,
        auth: true,
        query: clientQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffClients = (filters: StaffClientFilters) => useQuery(staffClientsQueryOptions(filters))

export const staffClientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'client', id],
    queryFn: () => apiRequest(`/api/staff/clients/${id}/`, { schema: staffClientDetailSchema, auth: true }),
  })

export const useStaffClient = (id: number) => useQuery(staffClientQueryOptions(id))
