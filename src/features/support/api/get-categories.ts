import { queryOptions, useQuery } from '@tanstack/react-query'
import { categoryListSchema } from '@/contract/support'
import { apiRequest } from '@/lib/api-client'

export function getCategories() {
  return apiRequest('/api/support/categories/', { schema: categoryListSchema, auth: true })
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'categories'],
    queryFn: getCategories,
    meta: { persist: true },
    staleTime: 60 * 60 * 1000,
  })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
