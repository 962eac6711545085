import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { blogMessages, blogPostListSchema } from '@/contract/blog'
import { apiRequest } from '@/lib/api-client'
import { fetchFailure } from './fetch-failure'

export interface BlogPostsFilter {
  category?: string | undefined
  search?: string | undefined
  page: number
}

export async function getBlogPosts({ category, search, page }: BlogPostsFilter) {
  try {
    return await apiRequest('/api/public/blog/posts/', {
      schema: blogPostListSchema,
      query: { category, search: search?.trim() || undefined, page },
    })
  } catch (error) {
    throw fetchFailure(error, blogMessages.fetchPosts)
  }
}

export const blogPostsQueryOptions = (filter: BlogPostsFilter) =>
  queryOptions({
    queryKey: ['blog', 'posts', filter],
    queryFn: () => getBlogPosts(filter),
    // The previous page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  })

export function useBlogPosts(filter: BlogPostsFilter) {
  return useQuery(blogPostsQueryOptions(filter))
}
