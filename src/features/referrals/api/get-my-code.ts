import { queryOptions, useQuery } from '@tanstack/react-query'
import { referralCodeSchema, referralPaths } from '@/contract/referrals'
import { apiRequest } from '@/lib/api-client'

export function getMyCode() {
  return apiRequest(referralPaths.myCode, { schema: referralCodeSchema, auth: true })
}

export const myCodeQueryOptions = () =>
  queryOptions({ queryKey: ['referrals', 'code'], queryFn: getMyCode, meta: { persist: true } })

/** Spec 001 §7: a failure here is silent (the dialog shows the code when it has one). */
export function useMyCode() {
  return useQuery(myCodeQueryOptions())
}
