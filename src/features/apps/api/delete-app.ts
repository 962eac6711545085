import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

/** Delete App: deactivates it once its name is typed; its keys stop working. */
export function deleteApp(appId: number, confirmName: string) {
  return apiRequest(`/api/client/apps/${appId}/delete/`, {
    method: 'POST',
    json: { confirm_name: confirmName },
    schema: z.null(),
    auth: true,
  })
}

export function useDeleteApp(appId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (confirmName: string) => deleteApp(appId, confirmName),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['portal', 'app', appId] }),
        queryClient.invalidateQueries({ queryKey: ['portal', 'apps'] }),
      ]),
  })
}
