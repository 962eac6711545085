import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import type { FormEvent } from 'react'
import {
  BUSINESS_EXPERIENCE,
  checkFranchiseApplication,
  FRANCHISE_TIMELINES,
  franchiseChoiceLabels,
  INVESTMENT_CAPACITY,
  type FranchiseApplicationValues,
} from '@/contract/franchise-applications'
import { inquiryMessages } from '@/contract/inquiries'
import { useSubmitFranchiseApplication } from '../api/submit-franchise-application'
import { submissionFailureText } from '../failure-message'
import { useInquiryForm } from '../use-inquiry-form'
import { SendButton } from './send-button'

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

function options<T extends string>(choices: readonly T[], labels: Record<T, string>, prompt: string) {
  return [{ value: '', label: prompt }, ...choices.map((value) => ({ value, label: labels[value] }))]
}

export function FranchiseForm() {
  const submit = useSubmitFranchiseApplication()
  const form = useInquiryForm(emptyFranchiseApplication, submit.isPending)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!form.accept(checkFranchiseApplication(form.values))) return
    await form.send(
      () => submit.mutateAsync(form.values),
      inquiryMessages.franchiseSubmitted,
      (error) =>
        submissionFailureText(error, inquiryMessages.franchiseFailed, inquiryMessages.franchiseFailedRetry),
      () => form.setValues(emptyFranchiseApplication),
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Franchise application">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full name" autoComplete="name" required {...form.text('full_name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.text('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" required {...form.text('phone')} />
          <TextInput label="Country" autoComplete="country-name" required {...form.text('country')} />
          <TextInput label="City" autoComplete="address-level2" {...form.text('city')} />
          <NativeSelect
            label="Business experience"
            data={options(
              BUSINESS_EXPERIENCE,
              franchiseChoiceLabels.business_experience,
              'Select experience',
            )}
            {...form.text('business_experience')}
          />
          <NativeSelect
            label="Investment capacity"
            data={options(INVESTMENT_CAPACITY, franchiseChoiceLabels.investment_capacity, 'Select a range')}
            {...form.text('investment_capacity')}
          />
          <NativeSelect
            label="When would you like to start?"
            data={options(FRANCHISE_TIMELINES, franchiseChoiceLabels.timeline, 'Select a timeline')}
            {...form.text('timeline')}
          />
        </SimpleGrid>
        <TextInput
          label="Current business"
          placeholder="What do you do today?"
          {...form.text('current_business')}
        />
        <Textarea
          label="Why a Cypher franchise?"
          rows={3}
          resize="vertical"
          {...form.text('why_franchise')}
        />
        <Textarea
          label="Additional information"
          rows={2}
          resize="vertical"
          {...form.text('additional_info')}
        />
        <SendButton busy={submit.isPending}>Submit Application</SendButton>
      </Stack>
    </form>
  )
}
