import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { formatRegistrationError } from '@/contract/auth'
import { personalWordsOf } from '@/contract/password'
import { messages } from '@/contract/messages'
import { AppLink } from '@/components/app-link'
import { PasswordStrengthMeter } from '@/components/password-strength-meter'
import { toast } from '@/components/toast'
import { awaitingApp, useHydrated } from '@/components/use-hydrated'
import { ApiError } from '@/lib/api-client'
import { guessableCheck, loadCommonPasswords } from '@/lib/common-passwords'
import { useRegister } from '../api/register'
import { checkRegistration, type RegisterValues } from '../validate'
import { AuthCard } from './auth-card'
import { SocialSignIn } from './social-sign-in'

const initial: RegisterValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm_password: '',
  company_name: '',
  phone: '',
  accept_terms: false,
  newsletter: true,
}

export function registrationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body) return formatRegistrationError(error.body)
  return messages.registrationFailedRetry
}

/** /register; `referralCode` comes from a friend's link (`/register?ref=CODE`) and travels with the sign-up. */
export function RegisterPage({ referralCode }: { referralCode?: string | undefined }) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const register = useRegister()
  const [values, setValues] = useState<RegisterValues>(initial)
  const [invalid, setInvalid] = useState<Record<string, string | true>>({})

  function set<K extends keyof RegisterValues>(field: K, value: RegisterValues[K]) {
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid(({ [field]: _removed, ...rest }) => rest)
  }
  const text = (field: Exclude<keyof RegisterValues, 'accept_terms' | 'newsletter'>) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    error: invalid[field],
    disabled: register.isPending,
  })

  // The common-password list loads while the form is being filled in.
  useEffect(() => {
    void loadCommonPasswords().catch(() => {})
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkRegistration(values, await guessableCheck(personalWordsOf(values)))
    if (problem) {
      setInvalid(Object.fromEntries(problem.fields.map((f) => [f, true])))
      toast.error(problem.message)
      return
    }
    try {
      await register.mutateAsync({
        ...values,
        email: values.email.trim(),
        accept_terms: true,
        ...(referralCode ? { referral_code: referralCode } : {}),
      })
      toast.success('Registration successful! Welcome aboard.')
      await navigate({ to: '/dashboard', replace: true })
    } catch (error) {
      if (error instanceof ApiError) {
        setInvalid(Object.fromEntries(Object.entries(error.fields).map(([f, errs]) => [f, errs.join(', ')])))
      }
      toast.error(registrationErrorMessage(error), 5000)
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </>
      }
    >
      {/* Prerendered: usable at once; what is typed before React adopts it is handed over then
          (src/app/early-input.ts). POST, so that not even a submission without scripts puts a
          field in the address. */}
      <form onSubmit={submit} method="post" noValidate aria-label="Create account" {...awaitingApp(hydrated)}>
        <Stack gap="md">
          {referralCode && (
            <Text size="sm" c="teal.4" data-testid="referral-notice">
              You were invited with referral code {referralCode}: you both earn a reward after your first
              purchase.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...text('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" required {...text('last_name')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="email" required {...text('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...text('password')}
          />
          <PasswordStrengthMeter password={values.password} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...text('confirm_password')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Company name" autoComplete="organization" {...text('company_name')} />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder="+20 100 000 0000"
              {...text('phone')}
            />
          </SimpleGrid>
          <Checkbox
            checked={values.accept_terms}
            onChange={(e) => set('accept_terms', e.currentTarget.checked)}
            error={invalid.accept_terms}
            disabled={register.isPending}
            label={
              <Text span size="sm">
                I agree to the{' '}
                <AppLink href="/privacy" size="sm">
                  terms and privacy policy
                </AppLink>
              </Text>
            }
          />
          <Checkbox
            checked={values.newsletter}
            onChange={(e) => set('newsletter', e.currentTarget.checked)}
            disabled={register.isPending}
            label="Send me the newsletter"
          />
          <Button type="submit" size="md" loading={register.isPending} fullWidth>
            Create Account
          </Button>
          <Divider label="or sign up with" labelPosition="center" />
          <SocialSignIn disabled={register.isPending} />
        </Stack>
      </form>
    </AuthCard>
  )
}
