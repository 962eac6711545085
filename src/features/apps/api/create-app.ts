import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createAppResponseSchema, type PaymentMethodName, type ServiceType } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'

export interface CreateAppInput {
  app_name: string
  service_type: ServiceType[]
  selected_packages: Partial<Record<ServiceType, number>>
  /** Chosen in the checkout that follows; the local gateways' 'pending' status is the server's default. */
  payment_method?: PaymentMethodName
}

/** POST /api/client/create-app/ (spec 001 §3 "App creation payload"). */
export function createApp(input: CreateAppInput) {
  return apiRequest('/api/client/create-app/', {
    method: 'POST',
    json: input,
    schema: createAppResponseSchema,
    auth: true,
  })
}

export function useCreateApp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'apps'] }),
  })
}
