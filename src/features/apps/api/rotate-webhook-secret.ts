import { useMutation } from '@tanstack/react-query'
import { webhookSecretSchema } from '@/contract/app-callbacks'
import { apiRequest } from '@/lib/api-client'

/** POST /api/client/apps/{id}/webhook-secret/: a new signing secret, answered once. */
export function rotateWebhookSecret(appId: number) {
  return apiRequest(`/api/client/apps/${appId}/webhook-secret/`, {
    method: 'POST',
    json: {},
    schema: webhookSecretSchema,
    auth: true,
  })
}

export function useRotateWebhookSecret(appId: number) {
  return useMutation({ mutationFn: () => rotateWebhookSecret(appId) })
}
