import { queryOptions, useQuery } from '@tanstack/react-query'
import { walletPaths, walletSchema } from '@/contract/wallet'
import { apiRequest } from '@/lib/api-client'

export function getWallet() {
  return apiRequest(walletPaths.wallet, { schema: walletSchema, auth: true })
}

export const walletQueryOptions = () =>
  queryOptions({ queryKey: ['wallet'], queryFn: getWallet, meta: { persist: true } })

export function useWallet() {
  return useQuery(walletQueryOptions())
}
