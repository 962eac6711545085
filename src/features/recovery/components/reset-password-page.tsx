import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core'
import { IconLock, IconLockCheck } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { passwordMessages, personalWordsOf } from '@/contract/password'
import { checkNewPassword, RESET_REDIRECT_MS, recoveryMessages } from '@/contract/recovery'
import { PasswordStrengthMeter } from '@/components/password-strength-meter'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { guessableCheck } from '@/lib/common-passwords'
import { useResetPassword } from '../api/reset-password'
import type { ResetState } from '../recovery-state'
import { RecoveryCard } from './recovery-card'

/** Spec §2.9, §5: new password and confirmation with show/hide and the strength meter; then /login. */
export function ResetPasswordPage({ state }: { state: ResetState }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<{ text: string; field: 'password' | 'confirm' } | null>(null)
  const [expiredToken, setExpiredToken] = useState(false)
  const [done, setDone] = useState(false)

  useEffect(() => {
    if (!done) return
    const timer = window.setTimeout(() => void navigate({ to: '/login', replace: true }), RESET_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [done, navigate])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const check = checkNewPassword(password, confirm)
    if (check) {
      setProblem({
        text: check,
        field: check === recoveryMessages.passwordsDoNotMatch ? 'confirm' : 'password',
      })
      toast.error(check)
      return
    }
    // The server refuses common passwords too; saying so here spares the round trip.
    const guessable = await guessableCheck(personalWordsOf({ email: state.email }))
    if (guessable(password)) {
      setProblem({ text: passwordMessages.tooEasy, field: 'password' })
      toast.error(passwordMessages.tooEasy)
      return
    }
    try {
      await reset.mutateAsync({ reset_token: state.resetToken, password, confirm_password: confirm })
      setDone(true)
      toast.success(recoveryMessages.passwordReset, 3000)
    } catch (error) {
      const refused = error instanceof ApiError ? error.fields.password?.[0] : undefined
      if (refused) {
        setProblem({ text: refused, field: 'password' })
        toast.error(refused)
        return
      }
      const tokenGone = error instanceof ApiError && error.message === recoveryMessages.resetTokenInvalid
      setExpiredToken(tokenGone)
      toast.error(tokenGone ? recoveryMessages.resetTokenInvalid : recoveryMessages.resetFailed, 5000)
    }
  }

  return (
    <RecoveryCard
      icon={<IconLockCheck size={30} aria-hidden />}
      title="Reset Password"
      lead={
        <>
          Choose a new password for <strong>{state.email}</strong>.
        </>
      }
    >
      {done ? (
        <Text c="signal" role="status">
          {recoveryMessages.passwordReset}
        </Text>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Reset password">
          <Stack>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              leftSection={<IconLock size={16} aria-hidden />}
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value)
                setProblem(null)
              }}
              error={problem?.field === 'password' ? problem.text : undefined}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
              disabled={reset.isPending}
              required
            />
            <PasswordStrengthMeter password={password} />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              leftSection={<IconLock size={16} aria-hidden />}
              value={confirm}
              onChange={(e) => {
                setConfirm(e.currentTarget.value)
                setProblem(null)
              }}
              error={problem?.field === 'confirm' ? problem.text : undefined}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
              disabled={reset.isPending}
              required
            />
            {expiredToken && (
              <Text size="sm" c="red" role="alert">
                {recoveryMessages.resetTokenInvalid}{' '}
                <Anchor component={Link} to="/forgot-password" size="sm">
                  Request a new code
                </Anchor>
              </Text>
            )}
            <Button type="submit" loading={reset.isPending}>
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
    </RecoveryCard>
  )
}
