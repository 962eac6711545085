import { Badge, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { IconShieldCheck } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import type { TwoFactorSetup } from '@/contract/auth'
import { SettingsSection } from '@/components/settings-section'
import { ErrorPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useTwoFactor, useTwoFactorActions } from '../api/two-factor'
import { AuthenticatorSetup } from './authenticator-setup'
import { PasswordPrompt } from './password-prompt'
import { RecoveryCodes } from './recovery-codes'

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Please try again.')

/** Two-factor sign-in: turn it on with an authenticator app, see recovery codes once, make new ones, turn it off. */
export function TwoFactorCard({ disabled }: { disabled: boolean }) {
  const status = useTwoFactor()
  const actions = useTwoFactorActions()
  const [asking, setAsking] = useState<'start' | 'codes' | null>(null)
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [setupError, setSetupError] = useState<string | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [turningOff, setTurningOff] = useState(false)

  if (status.isError)
    return (
      <ErrorPanel message="Failed to load your two-factor settings." onRetry={() => void status.refetch()} />
    )
  const state = status.data

  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
    >
      {state && (
        <Group gap="xs">
          <Badge
            color={state.enabled ? 'signal' : 'gray'}
            variant="light"
            leftSection={<IconShieldCheck size={12} aria-hidden />}
          >
            {state.enabled ? 'On' : 'Off'}
          </Badge>
          {state.enabled && (
            <Text size="sm" c="dimmed">
              {state.recovery_codes_left} of 10 recovery codes left
            </Text>
          )}
          {state.required && (
            <Text size="sm" c="dimmed">
              Required for staff accounts.
            </Text>
          )}
        </Group>
      )}
      {codes ? (
        <RecoveryCodes codes={codes}>
          <Button variant="default" w="fit-content" onClick={() => setCodes(null)}>
            Done
          </Button>
        </RecoveryCodes>
      ) : setup ? (
        <Stack maw={420}>
          <AuthenticatorSetup
            setup={setup}
            busy={actions.enable.isPending}
            error={setupError}
            onConfirm={async (code) => {
              try {
                const answer = await actions.enable.mutateAsync(code)
                setSetup(null)
                setCodes(answer.recovery_codes ?? [])
                toast.success('Two-factor sign-in is on. Other devices were signed out.', 4000)
              } catch (error) {
                setSetupError(failure(error))
              }
            }}
          />
          <Button variant="subtle" w="fit-content" onClick={() => setSetup(null)}>
            Cancel
          </Button>
        </Stack>
      ) : state?.enabled ? (
        <Group gap="xs">
          <Button variant="default" disabled={disabled} onClick={() => setAsking('codes')}>
            New recovery codes
          </Button>
          {!state.required && (
            <Button color="red" variant="light" disabled={disabled} onClick={() => setTurningOff(true)}>
              Turn off
            </Button>
          )}
        </Group>
      ) : (
        state && (
          <Button w="fit-content" disabled={disabled} onClick={() => setAsking('start')}>
            Set up two-factor sign-in
          </Button>
        )
      )}
      <PasswordPrompt
        opened={asking !== null}
        title={asking === 'codes' ? 'New recovery codes' : 'Set up two-factor sign-in'}
        text={
          asking === 'codes'
            ? 'Ten new codes replace the old ones, which stop working.'
            : 'Confirm it is you before pairing an authenticator app.'
        }
        confirmLabel="Continue"
        onClose={() => setAsking(null)}
        onConfirm={async (password) => {
          if (asking === 'codes') setCodes((await actions.newCodes.mutateAsync(password)).recovery_codes)
          else {
            setSetupError(null)
            setSetup(await actions.start.mutateAsync(password))
          }
        }}
      />
      <TurnOffModal
        opened={turningOff}
        onClose={() => setTurningOff(false)}
        onConfirm={async (input) => {
          await actions.disable.mutateAsync(input)
          toast.success('Two-factor sign-in is off.')
        }}
      />
    </SettingsSection>
  )
}

function TurnOffModal({
  opened,
  onClose,
  onConfirm,
}: {
  opened: boolean
  onClose: () => void
  onConfirm: (input: { password: string; code: string }) => Promise<void>
}) {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({})
  const [busy, setBusy] = useState(false)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!password || !code.trim()) {
      setErrors({
        password: password ? undefined : 'Enter your current password.',
        code: code.trim() ? undefined : 'Enter a code.',
      })
      return
    }
    setBusy(true)
    try {
      await onConfirm({ password, code: code.trim() })
      setPassword('')
      setCode('')
      onClose()
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {}
      setErrors({
        password: fields.password?.[0],
        code: fields.code?.[0] ?? (fields.password ? undefined : failure(error)),
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Turn off two-factor sign-in" centered>
      <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
        <Stack gap="md">
          <Text size="sm">Sign-in will ask only for your password. Other devices will be signed out.</Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            disabled={busy}
          />
          <TextInput
            label="Code from your app, or a recovery code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
