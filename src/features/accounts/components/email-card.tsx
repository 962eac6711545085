import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { IconMailForward } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { isEmail } from '@/contract/common'
import { messages } from '@/contract/messages'
import { SettingsSection } from '@/components/settings-section'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useRequestEmailChange } from '../api/request-email-change'

/** A new e-mail address takes effect when the link sent to it is opened. */
export function EmailCard({ email, disabled }: { email: string; disabled: boolean }) {
  const request = useRequestEmailChange()
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const [sent, setSent] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problems: Record<string, string> = {}
    if (!newEmail.trim()) problems.new_email = messages.requiredFields
    else if (!isEmail(newEmail.trim())) problems.new_email = messages.invalidEmail
    if (!password) problems.password = messages.requiredFields
    if (Object.keys(problems).length) {
      setInvalid(problems)
      toast.error(Object.values(problems)[0] ?? messages.requiredFields)
      return
    }
    try {
      const answer = await request.mutateAsync({ new_email: newEmail.trim(), password })
      setSent(answer.detail)
      setNewEmail('')
      setPassword('')
    } catch (error) {
      if (error instanceof ApiError) {
        setInvalid(Object.fromEntries(Object.entries(error.fields).map(([f, errs]) => [f, errs.join(' ')])))
      }
      toast.error(
        error instanceof ApiError ? error.message : 'Failed to request the change. Please try again.',
        5000,
      )
    }
  }

  return (
    <SettingsSection title="Email address" description="You sign in with this address and we write to it.">
      <Text size="sm">
        Current address: <strong>{email}</strong>
      </Text>
      {sent && (
        <Alert color="blue" variant="light" icon={<IconMailForward size={18} aria-hidden />} role="status">
          {sent}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Change email address">
        <Stack gap="sm" maw={420}>
          <TextInput
            label="New email address"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => {
              setNewEmail(e.currentTarget.value)
              setInvalid(({ new_email: _removed, ...rest }) => rest)
            }}
            error={invalid.new_email}
            disabled={disabled || request.isPending}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value)
              setInvalid(({ password: _removed, ...rest }) => rest)
            }}
            error={invalid.password}
            disabled={disabled || request.isPending}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          />
          <Button type="submit" loading={request.isPending} disabled={disabled} w="fit-content">
            Send confirmation link
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  )
}
