import { Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { accountMessages, type ProfileUpdate } from '@/contract/accounts'
import type { Account } from '@/contract/auth'
import { messages } from '@/contract/messages'
import { SettingsSection } from '@/components/settings-section'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useUpdateProfile } from '../api/update-profile'

type Values = Required<Omit<ProfileUpdate, 'current_password'>> & { current_password: string }

const valuesOf = (account: Account): Values => ({
  first_name: account.first_name,
  last_name: account.last_name,
  company_name: account.company_name,
  phone: account.phone,
  newsletter: account.newsletter,
  current_password: '',
})

/**
 * Names, company, phone and newsletter choice; a new phone number also needs the current password.
 * The form follows the account while the user has not typed: a page that opened on the offline copy
 * shows the server's answer once it arrives, and what the user typed is never replaced.
 */
export function ProfileCard({ account, disabled }: { account: Account; disabled: boolean }) {
  const update = useUpdateProfile()
  const isClient = account.role === 'client'
  const [values, setValues] = useState<Values>(() => valuesOf(account))
  const [shown, setShown] = useState(account)
  const [edited, setEdited] = useState(false)
  if (shown !== account && !edited) {
    setShown(account)
    setValues(valuesOf(account))
  }
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const phoneChanged = isClient && values.phone.trim() !== account.phone

  function set<K extends keyof Values>(field: K, value: Values[K]) {
    setEdited(true)
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid(({ [field]: _removed, ...rest }) => rest)
  }
  const text = (field: 'first_name' | 'last_name' | 'company_name' | 'phone') => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    error: invalid[field],
    disabled: disabled || update.isPending,
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing = (['first_name', 'last_name'] as const).filter((f) => !values[f].trim())
    if (missing.length) {
      setInvalid(Object.fromEntries(missing.map((f) => [f, messages.requiredFields])))
      toast.error(messages.requiredFields)
      return
    }
    if (phoneChanged && !values.current_password) {
      setInvalid({ current_password: accountMessages.phoneNeedsPassword })
      toast.error(accountMessages.phoneNeedsPassword)
      return
    }
    const { current_password, ...profile } = values
    try {
      await update.mutateAsync(phoneChanged ? { ...profile, current_password } : profile)
      setValues((v) => ({ ...v, current_password: '' }))
      // Saved: the form follows the account again (the saved one, then any later answer of the server).
      setEdited(false)
      toast.success(accountMessages.profileSaved)
    } catch (error) {
      if (error instanceof ApiError) {
        setInvalid(Object.fromEntries(Object.entries(error.fields).map(([f, errs]) => [f, errs.join(' ')])))
      }
      toast.error(
        error instanceof ApiError ? error.message : 'Failed to save your profile. Please try again.',
        5000,
      )
    }
  }

  return (
    <SettingsSection title="Profile" description="How we address you and reach you.">
      <form onSubmit={submit} noValidate aria-label="Profile">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...text('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" required {...text('last_name')} />
          </SimpleGrid>
          {isClient && (
            <>
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
              {phoneChanged && (
                <PasswordInput
                  label="Current password (needed to change the phone number)"
                  autoComplete="current-password"
                  value={values.current_password}
                  onChange={(e) => set('current_password', e.currentTarget.value)}
                  error={invalid.current_password}
                  disabled={disabled || update.isPending}
                  maw={420}
                />
              )}
              <Checkbox
                label="Send me the newsletter"
                checked={values.newsletter}
                onChange={(e) => set('newsletter', e.currentTarget.checked)}
                disabled={disabled || update.isPending}
              />
            </>
          )}
          <Button type="submit" loading={update.isPending} disabled={disabled} w="fit-content">
            Save profile
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  )
}
