import { queryOptions, useQuery } from '@tanstack/react-query'
import { referralPaths, referralStatsSchema } from '@/contract/referrals'
import { apiRequest } from '@/lib/api-client'

export function getReferralStats() {
  return apiRequest(referralPaths.stats, { schema: referralStatsSchema, auth: true })
}

export const referralStatsQueryOptions = () =>
  queryOptions({ queryKey: ['referrals', 'stats'], queryFn: getReferralStats, meta: { persist: true } })

export function useReferralStats() {
  return useQuery(referralStatsQueryOptions())
}
