import { queryOptions, useQuery } from '@tanstack/react-query'
import { deliverySchema } from '@/contract/recovery'
import { apiRequest } from '@/lib/api-client'

export const deliveryQueryOptions = () =>
  queryOptions({
    queryKey: ['recovery', 'delivery'],
    queryFn: () => apiRequest('/api/public/recovery/delivery/', { schema: deliverySchema }),
    staleTime: 5 * 60_000,
  })

/** Whether codes are only recorded (sandbox) here, and where they can be read. */
export function useDelivery() {
  return useQuery(deliveryQueryOptions())
}
