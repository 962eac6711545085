import { queryOptions, useQuery } from '@tanstack/react-query'
import { blogMessages, blogPostSchema } from '@/contract/blog'
import { apiRequest } from '@/lib/api-client'
import { fetchFailure } from './fetch-failure'

/** Reading a post counts a view on the server. */
export async function getBlogPost(slug: string) {
  try {
    return await apiRequest(`/api/public/blog/posts/${encodeURIComponent(slug)}/`, { schema: blogPostSchema })
  } catch (error) {
    throw fetchFailure(error, blogMessages.fetchPost)
  }
}

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => getBlogPost(slug) })

export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug))
}
