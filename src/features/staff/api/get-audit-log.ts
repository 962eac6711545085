import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { auditListSchema } from '@/contract/staff'
import { apiRequest } from '@/lib/api-client'

export interface AuditFilters {
  page: number
  search: string
  entity_type?: string | undefined
  sort: 'newest' | 'oldest'
}

export const auditQuery = (filters: AuditFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['staff', 'audit', auditQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/audit/', { schema: auditListSchema, auth: true, query: auditQuery(filters) }),
    placeholderData: keepPreviousData,
  })

export const useAuditLog = (filters: AuditFilters) => useQuery(auditLogQueryOptions(filters))
