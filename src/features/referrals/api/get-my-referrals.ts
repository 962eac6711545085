import { queryOptions, useQuery } from '@tanstack/react-query'
import { referralListSchema, referralPaths } from '@/contract/referrals'
import { apiRequest } from '@/lib/api-client'

export function getMyReferrals() {
  return apiRequest(referralPaths.myReferrals, { schema: referralListSchema, auth: true })
}

export const myReferralsQueryOptions = () =>
  queryOptions({ queryKey: ['referrals', 'list'], queryFn: getMyReferrals, meta: { persist: true } })

export function useMyReferrals() {
  return useQuery(myReferralsQueryOptions())
}
