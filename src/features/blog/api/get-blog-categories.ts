import { queryOptions, useQuery } from '@tanstack/react-query'
import { blogCategoryListSchema, blogMessages } from '@/contract/blog'
import { apiRequest } from '@/lib/api-client'
import { fetchFailure } from './fetch-failure'

export async function getBlogCategories() {
  try {
    return await apiRequest('/api/public/blog/categories/', { schema: blogCategoryListSchema })
  } catch (error) {
    throw fetchFailure(error, blogMessages.fetchCategories)
  }
}

export const blogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: getBlogCategories, staleTime: 5 * 60_000 })

export function useBlogCategories() {
  return useQuery(blogCategoriesQueryOptions())
}
