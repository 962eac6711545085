import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core'
import { IconLock, IconMail } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useCallback, useState, type FormEvent } from 'react'
import type { TwoFactorChallenge } from '@/contract/auth'
import { messages } from '@/contract/messages'
import { supportMessages } from '@/contract/support'
import { AppLink } from '@/components/app-link'
import { toast } from '@/components/toast'
import { awaitingApp, useHydrated } from '@/components/use-hydrated'
import { ApiError } from '@/lib/api-client'
import { safeRedirectPath } from '@/lib/safe-redirect'
import { session } from '@/lib/session'
import { useLogin } from '../api/login'
import { checkLogin, type LoginValues } from '../validate'
import { AuthCard } from './auth-card'
import { SocialSignIn } from './social-sign-in'
import { TwoFactorStep } from './two-factor-step'

/** The failure text of spec 001 §8: bad credentials, a server detail, or the generic retry. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 400) return messages.loginFailedCredentials
    return error.message || messages.loginFailed
  }
  return messages.loginFailedRetry
}

/** After a session expired with comments unsent: says what waits and for whom. */
function WaitingWrites() {
  const expired = session.expiredSession()
  if (!expired || expired.pendingWrites === 0) return null
  return (
    <Alert color="yellow" variant="light" role="status">
      {supportMessages.commentsWaitForUser(expired.pendingWrites, expired.email)}
    </Alert>
  )
}

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const login = useLogin()
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' })
  const [remember, setRemember] = useState(true)
  const [invalid, setInvalid] = useState<Array<keyof LoginValues>>([])
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)
  const goOn = () => void navigate({ href: safeRedirectPath(redirect), replace: true })
  const restart = useCallback(() => {
    setChallenge(null)
    setValues((v) => ({ ...v, password: '' }))
  }, [])

  const update = (field: keyof LoginValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid((f) => f.filter((x) => x !== field))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkLogin(values)
    if (problem) {
      setInvalid(problem.fields)
      toast.error(problem.message)
      return
    }
    try {
      const response = await login.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        remember,
      })
      if ('two_factor' in response) setChallenge(response)
      else goOn()
    } catch (error) {
      toast.error(loginErrorMessage(error), 5000)
    }
  }

  const busy = login.isPending
  if (challenge) {
    return (
      <AuthCard
        title={challenge.two_factor === 'setup' ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
        subtitle={values.email}
      >
        <TwoFactorStep challenge={challenge} onSignedIn={goOn} onRestart={restart} />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Welcome back"
      subtitle={
        <>
          New here?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </>
      }
    >
      {/* Prerendered: usable at once; what is typed before React adopts it is handed over then
          (src/app/early-input.ts). POST, so that not even a submission without scripts puts a
          field in the address. */}
      <form onSubmit={submit} method="post" noValidate aria-label="Sign in" {...awaitingApp(hydrated)}>
        <Stack gap="md">
          {hydrated && <WaitingWrites />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            leftSection={<IconMail size={16} aria-hidden />}
            value={values.email}
            onChange={(e) => update('email')(e.currentTarget.value)}
            error={invalid.includes('email')}
            disabled={busy}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            leftSection={<IconLock size={16} aria-hidden />}
            value={values.password}
            onChange={(e) => update('password')(e.currentTarget.value)}
            error={invalid.includes('password')}
            disabled={busy}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            required
          />
          <Group justify="space-between">
            <Checkbox
              label="Remember me"
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
              disabled={busy}
            />
            <AppLink href="/forgot-password" size="sm">
              Forgot password?
            </AppLink>
          </Group>
          <Button type="submit" size="md" loading={busy} fullWidth>
            Sign In
          </Button>
          <Divider label="or continue with" labelPosition="center" />
          <SocialSignIn disabled={busy} />
        </Stack>
      </form>
    </AuthCard>
  )
}
