import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffBlogPostSchema,
  type CreateBlogPostInput,
  type StaffBlogPost,
  type UpdateBlogPostInput,
} from '@/contract/blog-staff'
import { apiRequest } from '@/lib/api-client'

const send = (path: string, method: 'POST' | 'PATCH', json?: unknown) =>
  apiRequest(path, { method, json, schema: staffBlogPostSchema, auth: true })

export const createBlogPost = (input: CreateBlogPostInput) =>
  send('/api/staff/content/blog-posts/', 'POST', input)
export const updateBlogPost = ({ id, changes }: { id: number; changes: UpdateBlogPostInput }) =>
  send(`/api/staff/content/blog-posts/${id}/`, 'PATCH', changes)
export const setBlogPostPublished = ({ id, published }: { id: number; published: boolean }) =>
  send(`/api/staff/content/blog-posts/${id}/${published ? 'publish' : 'unpublish'}/`, 'POST')

/** Every change answers the whole post: it replaces the cached one and the lists refresh. */
export function useBlogPostChange<Input>(mutationFn: (input: Input) => Promise<StaffBlogPost>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (post) => {
      queryClient.setQueryData(['staff', 'blog-post', post.id], post)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'blog-posts'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] })
    },
  })
}
