import { Button, PasswordInput, Stack } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { PasswordStrengthMeter } from '@/components/password-strength-meter'
import { SettingsSection } from '@/components/settings-section'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { guessableCheck, loadCommonPasswords } from '@/lib/common-passwords'
import { useChangePassword } from '../api/change-password'
import { checkPasswordChange, type PasswordChangeValues } from '../validate'

const empty: PasswordChangeValues = { current_password: '', new_password: '', confirm_password: '' }

/** Change the password with the current one; every other session is signed out. */
export function PasswordCard({ personalWords, disabled }: { personalWords: string[]; disabled: boolean }) {
  const change = useChangePassword()
  const [values, setValues] = useState(empty)
  const [invalid, setInvalid] = useState<Partial<Record<keyof PasswordChangeValues, string | true>>>({})
  useEffect(() => {
    void loadCommonPasswords().catch(() => {})
  }, [])

  const field = (name: keyof PasswordChangeValues) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value
      setValues((v) => ({ ...v, [name]: value }))
      setInvalid(({ [name]: _removed, ...rest }) => rest)
    },
    error: invalid[name],
    disabled: disabled || change.isPending,
    visibilityToggleButtonProps: { 'aria-label': 'Show or hide password' },
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkPasswordChange(values, await guessableCheck(personalWords))
    if (problem) {
      setInvalid(Object.fromEntries(problem.fields.map((f) => [f, problem.message])))
      toast.error(problem.message)
      return
    }
    try {
      const answer = await change.mutateAsync(values)
      setValues(empty)
      toast.success(answer.detail, 4000)
    } catch (error) {
      if (error instanceof ApiError) {
        setInvalid(Object.fromEntries(Object.entries(error.fields).map(([f, errs]) => [f, errs.join(' ')])))
      }
      toast.error(
        error instanceof ApiError ? error.message : 'Failed to change the password. Please try again.',
        5000,
      )
    }
  }

  return (
    <SettingsSection
      title="Password"
      description="Changing your password signs out every other device where you are signed in."
    >
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...field('current_password')}
          />
          <PasswordInput label="New password" autoComplete="new-password" {...field('new_password')} />
          <PasswordStrengthMeter password={values.new_password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...field('confirm_password')}
          />
          <Button type="submit" loading={change.isPending} disabled={disabled} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  )
}
