import { Alert, Button, Group, Stack, TextInput } from '@mantine/core'
import { IconSend, IconWifiOff } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { referralMessages } from '@/contract/referrals'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { useReferFriend } from '../api/refer-friend'
import { REFERRAL_TOAST_MS } from '../referral-share'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const OFFLINE_INVITE = 'Invitations need a connection. Please go online to send one.'

/** Spec 001 §5: an e-mail is required and must look like one. */
export function checkInviteEmail(email: string): string | null {
  if (!email.trim()) return referralMessages.emailRequired
  if (!EMAIL_PATTERN.test(email.trim())) return referralMessages.emailInvalid
  return null
}

/** 'Invite Friends': an e-mail invitation through the server's mail (spec 001 §7 refer). */
export function InviteForm() {
  const online = useOnline()
  const refer = useReferFriend()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkInviteEmail(email)
    if (problem) {
      setError(problem)
      toast.error(problem, REFERRAL_TOAST_MS)
      return
    }
    setError(null)
    refer.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            const message = referralMessages.serverError(answer.message || referralMessages.createFailed)
            setError(message)
            toast.error(message, REFERRAL_TOAST_MS)
            return
          }
          toast.success(answer.message || referralMessages.sent, REFERRAL_TOAST_MS)
          setEmail('')
        },
        onError: (cause) => {
          // A server answer carries its reason after a cross mark; anything else is the spec's fallback.
          const message =
            cause instanceof ApiError && cause.body
              ? referralMessages.serverError(cause.fields.email?.[0] ?? cause.message)
              : referralMessages.sendFailed
          setError(message)
          toast.error(message, REFERRAL_TOAST_MS)
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Friend's email"
          type="email"
          placeholder="friend@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          disabled={!online}
        />
        {!online && (
          <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status">
            {OFFLINE_INVITE}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={refer.isPending}
            disabled={!online}
          >
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
