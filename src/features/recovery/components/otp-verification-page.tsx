import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { IconShieldLock } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { ONE_TIME_CODE, recoveryMessages } from '@/contract/recovery'
import { ApiError } from '@/lib/api-client'
import { requestCodeError, useRequestCode } from '../api/request-code'
import { useVerifyCode } from '../api/verify-code'
import type { OtpState } from '../recovery-state'
import { DemoModeNotice } from './demo-mode-notice'
import { emptyCode, OtpInput } from './otp-input'
import { RecoveryCard } from './recovery-card'
import { formatCountdown, useCountdown } from './use-countdown'

type Message = { text: string; tone: 'error' | 'success' }

/** The server's answer to a failed check: what to say, and whether attempts are used up or the code is gone. */
function checkFailure(error: unknown): { text: string; attempt: boolean; locked: boolean; gone: boolean } {
  if (!(error instanceof ApiError))
    return { text: recoveryMessages.verificationFailed, attempt: false, locked: false, gone: false }
  if (error.status === 429) return { text: error.message, attempt: true, locked: true, gone: false }
  if (error.status === 400 && error.message.startsWith('Invalid code.')) {
    return { text: error.message, attempt: true, locked: false, gone: false }
  }
  if (error.status === 400) return { text: error.message, attempt: false, locked: false, gone: true }
  return { text: recoveryMessages.verificationFailed, attempt: false, locked: false, gone: false }
}

/**
 * Spec §2.9, §4, §5: six boxes, a 300 s countdown, resend after 60 s (which restarts the countdown and
 * the attempts), at most 3 attempts; a right code leads to /reset-password.
 */
export function OtpVerificationPage({ state }: { state: OtpState }) {
  const navigate = useNavigate()
  const verify = useVerifyCode()
  const resend = useRequestCode()
  const [code, setCode] = useState(emptyCode)
  const [attempts, setAttempts] = useState(0)
  const [gone, setGone] = useState(false)
  const [message, setMessage] = useState<Message | null>(null)
  const [sentAt, setSentAt] = useState(state.sentAt)
  const seconds = useCountdown(sentAt + ONE_TIME_CODE.ttlSeconds * 1000)
  const expired = seconds === 0 || gone
  const locked = attempts >= ONE_TIME_CODE.maxAttempts
  const canResend = seconds <= ONE_TIME_CODE.ttlSeconds - ONE_TIME_CODE.resendAfterSeconds

  async function submit(event: FormEvent) {
    event.preventDefault()
    const value = code.join('')
    if (value.length !== ONE_TIME_CODE.length) {
      setMessage({ text: recoveryMessages.completeCode, tone: 'error' })
      return
    }
    try {
      const { reset_token } = await verify.mutateAsync({ email: state.email, code: value })
      await navigate({
        to: '/reset-password',
        state: { reset: { email: state.email, verified: true, resetToken: reset_token } },
        replace: true,
      })
    } catch (error) {
      const failure = checkFailure(error)
      if (failure.locked) setAttempts(ONE_TIME_CODE.maxAttempts)
      else if (failure.attempt) setAttempts((n) => n + 1)
      if (failure.gone) setGone(true)
      setMessage({ text: failure.text, tone: 'error' })
      setCode(emptyCode())
    }
  }

  async function requestAgain() {
    try {
      await resend.mutateAsync({ email: state.email, method: state.method })
      const now = Date.now()
      setSentAt(now)
      setAttempts(0)
      setGone(false)
      setCode(emptyCode())
      setMessage({ text: recoveryMessages.codeResent, tone: 'success' })
      // A reload keeps the new countdown.
      void navigate({ to: '/otp-verification', state: { otp: { ...state, sentAt: now } }, replace: true })
    } catch (error) {
      setMessage({ text: requestCodeError(error, recoveryMessages.resendFailed), tone: 'error' })
    }
  }

  const where = state.method === 'sms' ? 'by SMS to the phone number of the account' : 'to'
  return (
    <RecoveryCard
      icon={<IconShieldLock size={30} aria-hidden />}
      title="Enter Verification Code"
      lead={
        <>
          We sent a {ONE_TIME_CODE.length}-digit code {where} <strong>{state.email}</strong>.
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Verify code">
        <Stack>
          <DemoModeNotice method={state.method} />
          <OtpInput
            value={code}
            onChange={(next) => {
              setCode(next)
              setMessage(null)
            }}
            disabled={expired || locked || verify.isPending}
            invalid={message?.tone === 'error'}
          />
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" c={expired ? 'red' : 'dimmed'} aria-live="polite">
                {expired ? 'The code has expired.' : `Code expires in ${formatCountdown(seconds)}`}
              </Text>
              <Text size="sm" c={locked ? 'red' : 'dimmed'}>
                Attempts: {attempts}/{ONE_TIME_CODE.maxAttempts}
              </Text>
            </Group>
            <Progress
              value={(seconds / ONE_TIME_CODE.ttlSeconds) * 100}
              size="xs"
              color={seconds > 60 ? 'signal' : 'red'}
              aria-label="Time left"
            />
          </Stack>
          <Text size="sm" c={message?.tone === 'success' ? 'signal' : 'red'} role="status" mih={20}>
            {message?.text}
          </Text>
          <Button type="submit" disabled={expired || locked} loading={verify.isPending}>
            Verify Code
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Didn&apos;t get the code?
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => void requestAgain()}
              disabled={!canResend}
              loading={resend.isPending}
            >
              {canResend
                ? 'Resend Code'
                : `Resend in ${formatCountdown(seconds - (ONE_TIME_CODE.ttlSeconds - ONE_TIME_CODE.resendAfterSeconds))}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </RecoveryCard>
  )
}
