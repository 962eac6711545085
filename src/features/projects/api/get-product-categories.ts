import { queryOptions, useQuery } from '@tanstack/react-query'
import { productCategoryListSchema } from '@/contract/projects'
import { apiRequest } from '@/lib/api-client'

/** The profiles for the filter buttons: the first page of product categories (spec 000 §7). */
export function getProductCategories() {
  return apiRequest('/product-category/', { schema: productCategoryListSchema, query: { page: 1 } })
}

export const productCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'categories'],
    queryFn: getProductCategories,
    select: (list) => list.results,
    staleTime: 5 * 60_000,
  })

export function useProductCategories() {
  return useQuery(productCategoriesQueryOptions())
}
