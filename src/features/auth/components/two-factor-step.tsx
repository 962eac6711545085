import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  type TwoFactorChallenge,
  type TwoFactorSetup,
} from '@/contract/auth'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useLoginTwoFactor } from '../api/login-two-factor'
import { useLoginTwoFactorSetup } from '../api/login-two-factor-setup'
import { AuthenticatorSetup } from './authenticator-setup'
import { RecoveryCodes } from './recovery-codes'

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Verification failed. Please try again.'

/**
 * The second sign-in step: a code from the authenticator app (or a recovery code), or, for a staff
 * account without an app, setting one up first. `onSignedIn` runs once the session is stored and any
 * new recovery codes were seen.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge
  onSignedIn: () => void
  onRestart: () => void
}) {
  const verify = useLoginTwoFactor()
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)

  async function send(proof: { code: string } | { recovery_code: string }) {
    try {
      const response = await verify.mutateAsync({ challenge: challenge.challenge, ...proof })
      if (response.recovery_codes?.length) setRecoveryCodes(response.recovery_codes)
      else onSignedIn()
    } catch (error) {
      toast.error(failureText(error), 5000)
      // An expired challenge cannot be retried: back to the password.
      if (error instanceof ApiError && error.status === 401) onRestart()
    }
  }

  if (recoveryCodes) {
    return (
      <RecoveryCodes codes={recoveryCodes}>
        <Button onClick={onSignedIn}>I saved my codes, continue</Button>
      </RecoveryCodes>
    )
  }
  if (challenge.two_factor === 'setup') {
    return (
      <SetupDuringSignIn
        challenge={challenge.challenge}
        busy={verify.isPending}
        onConfirm={(code) => send({ code })}
        onRestart={onRestart}
      />
    )
  }
  return <CodeForm busy={verify.isPending} onSubmit={send} onRestart={onRestart} />
}

function CodeForm({
  busy,
  onSubmit,
  onRestart,
}: {
  busy: boolean
  onSubmit: (proof: { code: string } | { recovery_code: string }) => void
  onRestart: () => void
}) {
  const [useRecovery, setUseRecovery] = useState(false)
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = value.trim()
    if (useRecovery ? !RECOVERY_CODE_PATTERN.test(trimmed) : !TOTP_CODE_PATTERN.test(trimmed)) {
      setInvalid(
        useRecovery
          ? 'Enter a recovery code like k7m2p-x9q4r.'
          : 'Enter the 6-digit code from your authenticator app.',
      )
      return
    }
    onSubmit(useRecovery ? { recovery_code: trimmed } : { code: trimmed })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Cypher.'}
        </Text>
        <TextInput
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          maxLength={useRecovery ? 11 : 6}
          value={value}
          onChange={(e) => {
            setValue(useRecovery ? e.currentTarget.value : e.currentTarget.value.replace(/\D/g, ''))
            setInvalid(null)
          }}
          error={invalid ?? undefined}
          disabled={busy}
          data-autofocus
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery((r) => !r)
              setValue('')
              setInvalid(null)
            }}
          >
            {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
            Start over
          </Anchor>
        </Group>
      </Stack>
    </form>
  )
}

function SetupDuringSignIn({
  challenge,
  busy,
  onConfirm,
  onRestart,
}: {
  challenge: string
  busy: boolean
  onConfirm: (code: string) => void
  onRestart: () => void
}) {
  const setup = useLoginTwoFactorSetup()
  const [data, setData] = useState<TwoFactorSetup | null>(null)
  const { mutateAsync } = setup
  // One setup per challenge: a second request would replace the secret the first QR code shows.
  const requested = useRef<string | null>(null)
  useEffect(() => {
    if (requested.current === challenge) return
    requested.current = challenge
    mutateAsync(challenge).then(setData, (error: unknown) => {
      toast.error(failureText(error), 5000)
      onRestart()
    })
  }, [challenge, mutateAsync, onRestart])

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Staff accounts sign in with two factors. Set up an authenticator app now to continue.
      </Text>
      {data ? (
        <AuthenticatorSetup setup={data} busy={busy} onConfirm={onConfirm} submitLabel="Verify and sign in" />
      ) : (
        <Text size="sm">Preparing your authenticator app setup...</Text>
      )}
    </Stack>
  )
}
