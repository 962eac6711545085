import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import type { FormEvent } from 'react'
import {
  checkContact,
  defaultSubject,
  INQUIRY_TYPE_LABELS,
  inquiryMessages,
  type ContactValues,
  type InquiryTypeLabel,
} from '@/contract/inquiries'
import { ApiError } from '@/lib/api-client'
import { useSendContactMessage } from '../api/send-contact-message'
import { submissionFailureText } from '../failure-message'
import { useInquiryForm } from '../use-inquiry-form'
import { SendButton } from './send-button'

const empty: ContactValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  subject: '',
  message: '',
  inquiryType: 'General',
}

/**
 * Contact failures (spec 000 §8): a cross mark and the server's message (the failure text when it
 * sent none), or the retry text when the server could not be reached.
 */
export function contactFailureText(error: unknown): string {
  const text = submissionFailureText(error, inquiryMessages.contactFailed, inquiryMessages.contactFailedRetry)
  return error instanceof ApiError ? `❌ ${text}` : text
}

export function ContactForm({
  initialType = 'General',
  initialSubject = '',
}: {
  initialType?: InquiryTypeLabel
  initialSubject?: string
}) {
  const sendMessage = useSendContactMessage()
  const form = useInquiryForm<ContactValues>(
    { ...empty, inquiryType: initialType, subject: initialSubject },
    sendMessage.isPending,
  )
  const { values, set, text } = form

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.accept(checkContact(values))) return
    await form.send(
      () => sendMessage.mutateAsync(values),
      inquiryMessages.contactSent,
      contactFailureText,
      () => form.setValues(empty),
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full name" autoComplete="name" required {...text('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...text('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...text('phone')} />
          <TextInput label="Company" autoComplete="organization" {...text('company')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Inquiry type"
            data={[...INQUIRY_TYPE_LABELS]}
            value={values.inquiryType}
            onChange={(e) => {
              const type = INQUIRY_TYPE_LABELS.find((t) => t === e.currentTarget.value)
              if (type) set('inquiryType', type)
            }}
            disabled={sendMessage.isPending}
          />
          <TextInput
            label="Subject"
            placeholder={defaultSubject('', values.inquiryType)}
            description="Leave empty to use the inquiry type"
            {...text('subject')}
          />
        </SimpleGrid>
        <Textarea label="Message" required rows={5} resize="vertical" {...text('message')} />
        <SendButton busy={sendMessage.isPending}>Send Message</SendButton>
      </Stack>
    </form>
  )
}
