import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PostStatus } from '@/contract/blog'
import {
  blogOptionsSchema,
  staffBlogPostListSchema,
  staffBlogPostSchema,
  type BLOG_POST_SORTS,
} from '@/contract/blog-staff'
import { apiRequest } from '@/lib/api-client'

export interface StaffBlogPostFilters {
  page: number
  search: string
  status?: PostStatus | undefined
  category?: number | undefined
  sort: (typeof BLOG_POST_SORTS)[number]
}

export const blogPostQuery = (filters: StaffBlogPostFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export const staffBlogPostsQueryOptions = (filters: StaffBlogPostFilters) =>
  queryOptions({
    queryKey: ['staff', 'blog-posts', blogPostQuery(filters)],
    queryFn: () =>
      apiRequest('/api/staff/content/blog-posts/', {
        schema: staffBlogPostListSchema,
        auth: true,
        query: blogPostQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })

export const useStaffBlogPosts = (filters: StaffBlogPostFilters) =>
  useQuery(staffBlogPostsQueryOptions(filters))

export const staffBlogPostQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'blog-post', id],
    queryFn: () =>
      apiRequest(`/api/staff/content/blog-posts/${id}/`, { schema: staffBlogPostSchema, auth: true }),
  })

export const useStaffBlogPost = (id: number) => useQuery(staffBlogPostQueryOptions(id))

export const blogOptionsQueryOptions = queryOptions({
  queryKey: ['staff', 'blog-options'],
  queryFn: () => apiRequest('/api/staff/content/blog-options/', { schema: blogOptionsSchema, auth: true }),
  staleTime: 60_000,
})

export const useBlogOptions = () => useQuery(blogOptionsQueryOptions)
