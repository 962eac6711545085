import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callbackSettingsSchema } from '@/contract/app-callbacks'
import { apiRequest } from '@/lib/api-client'

/** PUT /api/client/apps/{id}/callback/: sets or (with null) removes the status callback URL. */
export function saveCallbackUrl(appId: number, callbackUrl: string | null) {
  return apiRequest(`/api/client/apps/${appId}/callback/`, {
    method: 'PUT',
    json: { callback_url: callbackUrl },
    schema: callbackSettingsSchema,
    auth: true,
  })
}

export function useSaveCallbackUrl(appId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (callbackUrl: string | null) => saveCallbackUrl(appId, callbackUrl),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'app', appId] }),
  })
}
