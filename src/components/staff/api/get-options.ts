import { queryOptions, useQuery } from '@tanstack/react-query'
import { categoryListSchema } from '@/contract/support'
import { clientOptionListSchema } from '@/contract/accounts-staff'
import { teamListSchema } from '@/contract/staff'
import { apiRequest } from '@/lib/api-client'

/** The choices of the console's filters and forms: staff members, client companies, ticket categories. */
export const teamQueryOptions = queryOptions({
  queryKey: ['staff', 'team'],
  queryFn: () => apiRequest('/api/staff/team/', { schema: teamListSchema, auth: true }),
  staleTime: 5 * 60_000,
})
export const clientOptionsQueryOptions = queryOptions({
  queryKey: ['staff', 'client-options'],
  queryFn: () => apiRequest('/api/staff/client-options/', { schema: clientOptionListSchema, auth: true }),
  staleTime: 60_000,
})
const categoriesQueryOptions = queryOptions({
  queryKey: ['staff', 'ticket-categories'],
  queryFn: () => apiRequest('/api/staff/ticket-categories/', { schema: categoryListSchema, auth: true }),
  staleTime: 5 * 60_000,
})

export const useTeam = () => useQuery(teamQueryOptions)
export const useClientOptions = () => useQuery(clientOptionsQueryOptions)
export const useTicketCategories = () => useQuery(categoriesQueryOptions)
