import { queryOptions, useQuery } from '@tanstack/react-query'
import { paymentPaths, paymentsConfigSchema } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

export function getPaymentsConfig() {
  return apiRequest(paymentPaths.config, { schema: paymentsConfigSchema })
}

/** Which gateways are real and which the sandbox; checkout needs a connection, so it is not kept offline. */
export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'config'], queryFn: getPaymentsConfig, staleTime: 5 * 60_000 })

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions())
}
