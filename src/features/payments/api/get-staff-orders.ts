import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CheckoutMethod, OrderKind, OrderStatus } from '@/contract/payments'
import {
  staffOrderDetailSchema,
  staffOrderListSchema,
  staffOrderPaths,
  type StaffOrderSort,
} from '@/contract/payments-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffOrderFilters {
  page: number
  search: string
  status?: OrderStatus | undefined
  kind?: OrderKind | undefined
  gateway?: CheckoutMethod | undefined
  client?: number | undefined
  /** Creation day range, YYYY-MM-DD (UTC). */
  from?: string | undefined
  to?: string | undefined
  sort: StaffOrderSort
}

export const orderQuery = (filters: StaffOrderFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffOrdersQueryOptions = (filters: StaffOrderFilters) =>
  queryOptions({
    queryKey: ['staff', 'orders', orderQuery(filters)],
    queryFn: () =>
      apiRequest(staffOrderPaths.list, {
        schema: staffOrderListSchema,
        auth: true,
        query: orderQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffOrders = (filters: StaffOrderFilters) => useQuery(staffOrdersQueryOptions(filters))

export const staffOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'order', id],
    queryFn: () => apiRequest(staffOrderPaths.detail(id), { schema: staffOrderDetailSchema, auth: true }),
  })

export const useStaffOrder = (id: number) => useQuery(staffOrderQueryOptions(id))
