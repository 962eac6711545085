import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { ApiError } from '@/lib/api-client'

/**
 * Asks for the current password before a sensitive change (ASVS 7.5.2: re-authenticate to end
 * sessions). Stays open, keeping what was typed, when the server refuses it.
 */
export function PasswordPrompt({
  opened,
  title,
  text,
  confirmLabel,
  danger,
  onClose,
  onConfirm,
}: {
  opened: boolean
  title: string
  text: string
  confirmLabel: string
  danger?: boolean
  onClose: () => void
  onConfirm: (password: string) => Promise<unknown>
}) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!password) {
      setError('Enter your current password.')
      return
    }
    setBusy(true)
    try {
      await onConfirm(password)
      setPassword('')
      setError(null)
      onClose()
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.fields.password?.[0] ?? failure.message) : 'Please try again.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value)
              setError(null)
            }}
            error={error ?? undefined}
            disabled={busy}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
