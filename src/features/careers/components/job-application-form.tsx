import { Button, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useId, useState, type FormEvent } from 'react'
import {
  APPLICANT_EXPERIENCE,
  careersMessages,
  CV_RULES,
  DEFAULT_APPLICANT_EXPERIENCE,
  type ApplicantExperience,
} from '@/contract/careers'
import { FilePicker } from '@/components/file-picker'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useApplyForJob } from '../api/apply-for-job'
import { composePhone, DEFAULT_PHONE_COUNTRY } from '../dial-codes'
import { checkApplicationForm, type ApplicationField } from '../validate'
import { PhoneField } from './phone-field'

interface FormState {
  name: string
  email: string
  experience: ApplicantExperience
  country: string
  phone: string
  summary: string
  cv: File | null
}

const initial: FormState = {
  name: '',
  email: '',
  experience: DEFAULT_APPLICANT_EXPERIENCE,
  country: DEFAULT_PHONE_COUNTRY,
  phone: '',
  summary: '',
  cv: null,
}

/** Spec 000 §8: the server's message, else the generic failure text. */
export function applicationFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') return error.message
  return careersMessages.applicationFailed
}

/** The application form of a job: CV by drag and drop or picker, cleared on success. */
export function JobApplicationForm({ jobId }: { jobId: number }) {
  const apply = useApplyForJob()
  const [values, setValues] = useState<FormState>(initial)
  const [invalid, setInvalid] = useState<ApplicationField[]>([])
  const cvHintId = useId()

  function set<K extends keyof FormState>(field: K, value: FormState[K]) {
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid((fields) => fields.filter((f) => f !== field && !(field === 'country' && f === 'phone')))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const phone = composePhone(values.country, values.phone)
    const problem = checkApplicationForm({ name: values.name, email: values.email, phone, cv: values.cv })
    if (problem) {
      setInvalid(problem.fields)
      toast.error(problem.message, 3000)
      return
    }
    const cv = values.cv
    if (!cv) return
    try {
      const response = await apply.mutateAsync({
        jobId,
        name: values.name,
        email: values.email,
        experience: values.experience,
        phoneNumber: phone,
        summary: values.summary,
        cv,
      })
      toast.success(response.message, 5000)
      setValues(initial)
      setInvalid([])
    } catch (error) {
      toast.error(applicationFailureMessage(error), 5000)
    }
  }

  const busy = apply.isPending
  return (
    <form onSubmit={submit} noValidate aria-label="Job application">
      <Stack gap="md">
        <TextInput
          label="Full name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={invalid.includes('name')}
          disabled={busy}
          required
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={invalid.includes('email')}
          disabled={busy}
          required
        />
        <PhoneField
          country={values.country}
          number={values.phone}
          onCountryChange={(code) => set('country', code)}
          onNumberChange={(number) => set('phone', number)}
          disabled={busy}
          error={invalid.includes('phone')}
        />
        <Select
          label="Experience"
          data={[...APPLICANT_EXPERIENCE]}
          value={values.experience}
          onChange={(value) => {
            const choice = APPLICANT_EXPERIENCE.find((option) => option === value)
            if (choice) set('experience', choice)
          }}
          allowDeselect={false}
          disabled={busy}
        />
        <Textarea
          label="Summary / cover letter"
          placeholder="Tell us briefly about yourself and why this role interests you."
          rows={5}
          resize="vertical"
          maxLength={5000}
          value={values.summary}
          onChange={(e) => set('summary', e.currentTarget.value)}
          disabled={busy}
        />
        <FilePicker
          label="CV"
          hint="PDF, DOC or DOCX, up to 5 MB"
          rules={{ ...CV_RULES, extensions: [...CV_RULES.extensions] }}
          value={values.cv}
          onChange={(file) => set('cv', file)}
          onError={(message) => toast.error(message, 3000)}
          disabled={busy}
          required
        />
        {!values.cv && (
          <Text size="xs" c="dimmed" id={cvHintId}>
            Upload your CV to submit the application.
          </Text>
        )}
        <Button
          type="submit"
          size="md"
          loading={busy}
          disabled={!values.cv}
          aria-describedby={values.cv ? undefined : cvHintId}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          Submit Application
        </Button>
      </Stack>
    </form>
  )
}
