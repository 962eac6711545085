import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  inboxListSchema,
  type InboxKind,
  type InboxStatus,
  type INBOX_SORTS,
} from '@/contract/inquiries-staff'
import { apiRequest } from '@/lib/api-client'

export interface InboxFilters {
  page: number
  search: string
  status?: InboxStatus | undefined
  sort: (typeof INBOX_SORTS)[number]
}

export const inboxPath = (kind: InboxKind) => `/api/staff/inbox/${kind}/`

export const inboxQuery = (filters: InboxFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const inboxQueryOptions = (kind: InboxKind, filters: InboxFilters) =>
  queryOptions({
    queryKey: ['staff', 'inbox', kind, inboxQuery(filters)],
    queryFn: () =>
      apiRequest(inboxPath(kind), { schema: inboxListSchema, auth: true, query: inboxQuery(filters) }),
    placeholderData: keepPreviousData,
  })

export const useInbox = (kind: InboxKind, filters: InboxFilters) => useQuery(inboxQueryOptions(kind, filters))
