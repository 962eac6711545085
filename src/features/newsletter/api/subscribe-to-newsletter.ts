import { useMutation } from '@tanstack/react-query'
import { newsletterResponseSchema } from '@/contract/newsletter'
import { apiRequest } from '@/lib/api-client'

export function subscribeToNewsletter(email: string) {
  return apiRequest('/api/public/newsletter/subscribe/', {
    method: 'POST',
    json: { email },
    schema: newsletterResponseSchema,
  })
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter })
}
