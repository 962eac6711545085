import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientPackageSchema, type ClientPackageInput } from '@/contract/client-packages'
import { apiRequest } from '@/lib/api-client'
import { CLIENT_PACKAGES_KEY } from './get-client-packages'

const url = '/api/client/messaging/my-packages/'

/** Creates (no id) or edits a package; `{active}` alone toggles it. */
export function saveClientPackage({ id, ...input }: ClientPackageInput & { id?: number }) {
  return apiRequest(id ? `${url}${id}/` : url, {
    method: id ? 'PATCH' : 'POST',
    json: input,
    schema: clientPackageSchema,
    auth: true,
  })
}

export function useSaveClientPackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveClientPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_PACKAGES_KEY }),
  })
}
