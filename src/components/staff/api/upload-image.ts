import { useMutation } from '@tanstack/react-query'
import { contentImageSchema } from '@/contract/content-staff'
import { apiRequest } from '@/lib/api-client'

/** Stores an image for public content; answers the path to put in a post or job. */
export function uploadContentImage(file: File) {
  const form = new FormData()
  form.append('image', file)
  return apiRequest('/api/staff/content/images/', {
    method: 'POST',
    form,
    schema: contentImageSchema,
    auth: true,
  })
}

export const useUploadContentImage = () => useMutation({ mutationFn: uploadContentImage })
