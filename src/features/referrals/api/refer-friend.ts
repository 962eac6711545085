import { useMutation, useQueryClient } from '@tanstack/react-query'
import { referralInviteResponseSchema, referralPaths, type ReferralInvite } from '@/contract/referrals'
import { apiRequest } from '@/lib/api-client'

export function referFriend(invite: ReferralInvite) {
  return apiRequest(referralPaths.refer, {
    method: 'POST',
    json: invite,
    schema: referralInviteResponseSchema,
    auth: true,
  })
}

/** An invitation is sent at once or not at all: never queued offline (the form is disabled then). */
export function useReferFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: referFriend,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['referrals'] }),
  })
}
