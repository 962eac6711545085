import { Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import {
  checkContact,
  defaultSubject,
  INQUIRY_TYPE_LABELS,
  inquiryMessages,
  type ContactValues,
  type InquiryTypeLabel,
} from '@/contract/inquiries'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useSendContactMessage } from '../api/send-contact-message'

const empty: ContactValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  subject: '',
  message: '',
  inquiryType: 'General',
}

/** Contact failures (spec 000 §8): a cross mark and the server's message, or the retry text. */
export function contactFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return inquiryMessages.contactFailedRetry
  const hasMessage = error.body !== null && typeof error.body === 'object'
  return `❌ ${hasMessage ? error.message : inquiryMessages.contactFailed}`
}

export function ContactForm({
  initialType = 'General',
  initialSubject = '',
}: {
  initialType?: InquiryTypeLabel
  initialSubject?: string
}) {
  const [values, setValues] = useState<ContactValues>({
    ...empty,
    inquiryType: initialType,
    subject: initialSubject,
  })
  const [invalid, setInvalid] = useState<string[]>([])
  const send = useSendContactMessage()
  const busy = send.isPending

  function set<K extends keyof ContactValues>(field: K, value: ContactValues[K]) {
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid((f) => f.filter((x) => x !== field))
  }
  const text = (field: 'name' | 'email' | 'phone' | 'company' | 'subject' | 'message') => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: invalid.includes(field),
    disabled: busy,
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkContact(values)
    if (problem) {
      setInvalid(problem.fields)
      toast.error(problem.message)
      return
    }
    try {
      await send.mutateAsync(values)
      toast.success(inquiryMessages.contactSent, 5000)
      setValues(empty)
    } catch (error) {
      toast.error(contactFailureText(error), 5000)
    }
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
            disabled={busy}
          />
          <TextInput
            label="Subject"
            placeholder={defaultSubject('', values.inquiryType)}
            description="Leave empty to use the inquiry type"
            {...text('subject')}
          />
        </SimpleGrid>
        <Textarea label="Message" required rows={5} resize="vertical" {...text('message')} />
        <Button
          type="submit"
          size="md"
          loading={busy}
          leftSection={<IconSend size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Send Message
        </Button>
      </Stack>
    </form>
  )
}
