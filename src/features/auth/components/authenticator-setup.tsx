import { Box, Button, Center, Code, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { TOTP_CODE_PATTERN, type TwoFactorSetup } from '@/contract/auth'

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * Pairs an authenticator app: scan the QR code (or type the key), then confirm with the first code.
 * Keeps what was typed after a wrong code.
 */
export function AuthenticatorSetup({
  setup,
  busy,
  error,
  onConfirm,
  submitLabel = 'Turn on two-factor sign-in',
}: {
  setup: TwoFactorSetup
  busy: boolean
  error?: string | null
  onConfirm: (code: string) => void
  submitLabel?: string
}) {
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = code.trim()
    if (!TOTP_CODE_PATTERN.test(trimmed)) {
      setInvalid('Enter the 6-digit code from your authenticator app.')
      return
    }
    setInvalid(null)
    onConfirm(trimmed)
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Set up authenticator app">
      <Stack gap="md">
        <Text size="sm">
          1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password, Aegis...).
        </Text>
        <Center>
          <Box bg="white" p="xs" style={{ borderRadius: 8, lineHeight: 0 }}>
            <img src={setup.qr_code} alt="QR code for your authenticator app" width={184} height={184} />
          </Box>
        </Center>
        <Text size="sm">
          Or enter this key by hand: <Code data-testid="totp-secret">{grouped(setup.secret)}</Code>
        </Text>
        <TextInput
          label="2. Enter the 6-digit code the app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value.replace(/\D/g, ''))
            setInvalid(null)
          }}
          error={invalid ?? error ?? undefined}
          disabled={busy}
        />
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
