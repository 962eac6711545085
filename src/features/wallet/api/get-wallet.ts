import { queryOptions, useQuery } from '@tanstack/react-query'
import { walletPaths, walletSchema } from '@/contract/wallet'
import { apiRequest } from '@/lib/api-client'

export function getWallet() {
  return apiRequest(walletPaths.wallet, { schema: walletSchema, auth: true })
}

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet'],
    queryFn: getWallet,
    meta: { persist: true },
    // Money moves by gateway notifications the app does not see: the balance is asked again on each visit.
    refetchOnMount: 'always',
  })

export function useWallet() {
  return useQuery(walletQueryOptions())
}
