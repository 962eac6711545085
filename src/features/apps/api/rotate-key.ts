import { useMutation, useQueryClient } from '@tanstack/react-query'
import { rotateKeyResponseSchema } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'

/** Reset App: a new API key; the previous one keeps working for 24 hours. */
export function rotateKey(appId: number) {
  return apiRequest(`/api/client/apps/${appId}/rotate-key/`, {
    method: 'POST',
    json: {},
    schema: rotateKeyResponseSchema,
    auth: true,
  })
}

export function useRotateKey(appId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => rotateKey(appId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['portal', 'app', appId] }),
        queryClient.invalidateQueries({ queryKey: ['portal', 'apps'] }),
      ]),
  })
}
