import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { IconKey, IconMail, IconMailCheck, IconMessage } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { isEmail } from '@/contract/common'
import { ONE_TIME_CODE, recoveryMessages, type RecoveryMethod } from '@/contract/recovery'
import { toast } from '@/components/toast'
import { requestCodeError, useRequestCode } from '../api/request-code'
import { RecoveryCard } from './recovery-card'

type Step = 'email' | 'method' | 'sent'

const methodLabels: Record<RecoveryMethod, string> = { email: 'Email', sms: 'SMS' }

/** Spec §2.9: email, then the method, then the sent confirmation with 'Verify Code'. */
export function ForgotPasswordPage() {
  const navigate = useNavigate()
  const request = useRequestCode()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [method, setMethod] = useState<RecoveryMethod>('email')
  const [sentAt, setSentAt] = useState(0)

  function submitEmail(event: FormEvent) {
    event.preventDefault()
    const value = email.trim()
    const problem = !value
      ? recoveryMessages.enterEmail
      : !isEmail(value)
        ? recoveryMessages.invalidEmail
        : null
    setEmailError(problem)
    if (problem) {
      toast.error(problem)
      return
    }
    setStep('method')
  }

  async function send(event: FormEvent) {
    event.preventDefault()
    try {
      await request.mutateAsync({ email: email.trim(), method })
      setSentAt(Date.now())
      setStep('sent')
    } catch (error) {
      toast.error(requestCodeError(error, recoveryMessages.sendFailed), 5000)
    }
  }

  function verifyCode() {
    void navigate({
      to: '/otp-verification',
      state: { otp: { context: 'forgot-password', email: email.trim().toLowerCase(), method, sentAt } },
    })
  }

  if (step === 'sent') {
    return (
      <RecoveryCard
        icon={<IconMailCheck size={30} aria-hidden />}
        title="Check your inbox"
        lead="Step 3 of 3"
      >
        <Stack>
          <Text>
            If an account exists for <strong>{email.trim()}</strong>, we sent a {ONE_TIME_CODE.length}-digit
            code {method === 'sms' ? 'by SMS to the phone number on the account' : 'to that address'}. It is
            valid for {ONE_TIME_CODE.ttlSeconds / 60} minutes.
          </Text>
          <Button onClick={verifyCode}>Verify Code</Button>
          <Button variant="subtle" onClick={() => setStep('email')}>
            Use a different email
          </Button>
        </Stack>
      </RecoveryCard>
    )
  }

  if (step === 'method') {
    return (
      <RecoveryCard
        icon={<IconKey size={30} aria-hidden />}
        title="Forgot Password"
        lead="Step 2 of 3: how should we send your code?"
      >
        <form onSubmit={(e) => void send(e)} noValidate aria-label="Choose how to receive the code">
          <Stack>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="method-label">
                Send the code by
              </Text>
              <SegmentedControl
                aria-labelledby="method-label"
                fullWidth
                value={method}
                onChange={(v) => setMethod(v === 'sms' ? 'sms' : 'email')}
                data={[
                  { value: 'email', label: methodLabels.email },
                  { value: 'sms', label: methodLabels.sms },
                ]}
              />
              <Group gap={6} wrap="nowrap">
                {method === 'sms' ? (
                  <IconMessage size={16} aria-hidden />
                ) : (
                  <IconMail size={16} aria-hidden />
                )}
                <Text size="sm" c="dimmed">
                  {method === 'sms'
                    ? 'A text message to the phone number on your account.'
                    : `An email to ${email.trim()}.`}
                </Text>
              </Group>
            </Stack>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep('email')} disabled={request.isPending}>
                Back
              </Button>
              <Button type="submit" loading={request.isPending}>
                Send Reset Code
              </Button>
            </Group>
          </Stack>
        </form>
      </RecoveryCard>
    )
  }

  return (
    <RecoveryCard
      icon={<IconKey size={30} aria-hidden />}
      title="Forgot Password"
      lead="Step 1 of 3: enter the email address of your account."
    >
      <form onSubmit={submitEmail} noValidate aria-label="Forgot password">
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            leftSection={<IconMail size={16} aria-hidden />}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value)
              setEmailError(null)
            }}
            error={emailError}
            required
          />
          <Button type="submit">Continue</Button>
        </Stack>
      </form>
    </RecoveryCard>
  )
}
