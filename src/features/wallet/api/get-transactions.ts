import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { walletPaths, walletTransactionListSchema } from '@/contract/wallet'
import { apiRequest } from '@/lib/api-client'

export function getTransactions(page: number) {
  return apiRequest(walletPaths.transactions, {
    schema: walletTransactionListSchema,
    auth: true,
    query: { page: page > 1 ? page : undefined },
  })
}

export const transactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['wallet', 'transactions', page],
    queryFn: () => getTransactions(page),
    meta: { persist: true },
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  })

export function useTransactions(page: number) {
  return useQuery(transactionsQueryOptions(page))
}
