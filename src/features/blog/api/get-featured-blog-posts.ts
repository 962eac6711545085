import { queryOptions, useQuery } from '@tanstack/react-query'
import { blogMessages, featuredBlogPostsSchema } from '@/contract/blog'
import { apiRequest } from '@/lib/api-client'
import { fetchFailure } from './fetch-failure'

export async function getFeaturedBlogPosts() {
  try {
    return await apiRequest('/api/public/blog/posts/featured/', { schema: featuredBlogPostsSchema })
  } catch (error) {
    throw fetchFailure(error, blogMessages.fetchFeatured)
  }
}

export const featuredBlogPostsQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'featured'], queryFn: getFeaturedBlogPosts })

export function useFeaturedBlogPosts(enabled: boolean) {
  return useQuery({ ...featuredBlogPostsQueryOptions(), enabled })
}
