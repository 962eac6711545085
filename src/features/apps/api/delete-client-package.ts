import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'
import { CLIENT_PACKAGES_KEY } from './get-client-packages'

export function deleteClientPackage(id: number) {
  return apiRequest(`/api/client/messaging/my-packages/${id}/`, {
    method: 'DELETE',
    schema: z.null(),
    auth: true,
  })
}

export function useDeleteClientPackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteClientPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_PACKAGES_KEY }),
  })
}
