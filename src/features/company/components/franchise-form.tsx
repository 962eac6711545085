import { Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import {
  BUSINESS_EXPERIENCE,
  checkFranchiseApplication,
  FRANCHISE_TIMELINES,
  franchiseChoiceLabels,
  INVESTMENT_CAPACITY,
  inquiryMessages,
  type FranchiseApplicationValues,
} from '@/contract/inquiries'
import { toast } from '@/components/toast'
import { useSubmitFranchiseApplication } from '../api/submit-franchise-application'
import { submissionFailureText } from '../failure-message'

export const emptyFranchiseApplication: FranchiseApplicationValues = {
  full_name: '',
  email: '',
  phone: '',
  country: '',
  city: '',
  business_experience: '',
  investment_capacity: '',
  current_business: '',
  why_franchise: '',
  timeline: '',
  additional_info: '',
}

type Field = keyof FranchiseApplicationValues

function options<T extends string>(choices: readonly T[], labels: Record<T, string>, prompt: string) {
  return [{ value: '', label: prompt }, ...choices.map((value) => ({ value, label: labels[value] }))]
}

export function FranchiseForm() {
  const [values, setValues] = useState<FranchiseApplicationValues>(emptyFranchiseApplication)
  const [invalid, setInvalid] = useState<string[]>([])
  const submit = useSubmitFranchiseApplication()
  const busy = submit.isPending

  const field = (name: Field) => ({
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setValues((v) => ({ ...v, [name]: value }))
      setInvalid((f) => f.filter((x) => x !== name))
    },
    error: invalid.includes(name),
    disabled: busy,
  })

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const problem = checkFranchiseApplication(values)
    if (problem) {
      setInvalid(problem.fields)
      toast.error(problem.message)
      return
    }
    try {
      await submit.mutateAsync(values)
      toast.success(inquiryMessages.franchiseSubmitted, 5000)
      setValues(emptyFranchiseApplication)
    } catch (error) {
      toast.error(
        submissionFailureText(error, inquiryMessages.franchiseFailed, inquiryMessages.franchiseFailedRetry),
        5000,
      )
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Franchise application">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full name" autoComplete="name" required {...field('full_name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
          <TextInput label="Country" autoComplete="country-name" required {...field('country')} />
          <TextInput label="City" autoComplete="address-level2" {...field('city')} />
          <NativeSelect
            label="Business experience"
            data={options(
              BUSINESS_EXPERIENCE,
              franchiseChoiceLabels.business_experience,
              'Select experience',
            )}
            {...field('business_experience')}
          />
          <NativeSelect
            label="Investment capacity"
            data={options(INVESTMENT_CAPACITY, franchiseChoiceLabels.investment_capacity, 'Select a range')}
            {...field('investment_capacity')}
          />
          <NativeSelect
            label="When would you like to start?"
            data={options(FRANCHISE_TIMELINES, franchiseChoiceLabels.timeline, 'Select a timeline')}
            {...field('timeline')}
          />
        </SimpleGrid>
        <TextInput
          label="Current business"
          placeholder="What do you do today?"
          {...field('current_business')}
        />
        <Textarea label="Why a Cypher franchise?" rows={3} resize="vertical" {...field('why_franchise')} />
        <Textarea label="Additional information" rows={2} resize="vertical" {...field('additional_info')} />
        <Button
          type="submit"
          size="md"
          loading={busy}
          leftSection={<IconSend size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Submit Application
        </Button>
      </Stack>
    </form>
  )
}
