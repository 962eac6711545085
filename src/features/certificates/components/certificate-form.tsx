import { Button, Divider, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { IconCertificate } from '@tabler/icons-react'
import type { FormEvent } from 'react'
import {
  CERTIFICATE_FACE,
  CERTIFICATE_LIMITS,
  CERTIFICATE_TYPES,
  certificateTypeLabels,
  DEFAULT_ISSUER,
} from '@/contract/certificates'
import { site } from '@/contract/site'
import type { CertificateFormValues } from '../form-values'

type Field = keyof CertificateFormValues

interface CertificateFormProps {
  values: CertificateFormValues
  invalid: string[]
  busy: boolean
  /** Why the form cannot be sent right now (offline), or null. */
  blocked: string | null
  onChange: (field: Field, value: string) => void
  onSubmit: () => void
}

/** Spec §2.8 and §5: the creation form; required fields are marked, the rest is optional. */
export function CertificateForm({
  values,
  invalid,
  busy,
  blocked,
  onChange,
  onSubmit,
}: CertificateFormProps) {
  const text = (field: Field) => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value),
    error: invalid.includes(field),
    disabled: busy,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Create a certificate">
      <Stack gap="sm">
        <TextInput
          label="Recipient name"
          required
          maxLength={CERTIFICATE_LIMITS.recipient_name}
          {...text('recipient_name')}
        />
        <TextInput
          label="Recipient email"
          type="email"
          required
          maxLength={CERTIFICATE_LIMITS.recipient_email}
          {...text('recipient_email')}
        />
        <TextInput
          label="Course name"
          required
          maxLength={CERTIFICATE_LIMITS.course_name}
          {...text('course_name')}
        />
        <Textarea
          label="Course description"
          description={`Shown on the certificate when ${CERTIFICATE_FACE.descriptionLimit} characters or fewer (${values.course_description.trim().length} now)`}
          rows={3}
          maxLength={CERTIFICATE_LIMITS.course_description}
          {...text('course_description')}
        />
        <Select
          label="Certificate type"
          required
          allowDeselect={false}
          data={CERTIFICATE_TYPES.map((t) => ({ value: t, label: certificateTypeLabels[t] }))}
          value={values.certificate_type}
          onChange={(v) => onChange('certificate_type', CERTIFICATE_TYPES.find((t) => t === v) ?? 'training')}
          disabled={busy}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Completion date" type="date" required {...text('completion_date')} />
          <TextInput label="Issue date" type="date" required {...text('issue_date')} />
          <TextInput label="Expiry date" type="date" {...text('expiry_date')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Grade" maxLength={CERTIFICATE_LIMITS.grade} {...text('grade')} />
          <TextInput label="Credits (hours)" inputMode="decimal" {...text('credits')} />
        </SimpleGrid>
        <TextInput
          label="Skills"
          description={`Comma-separated; shown on the certificate when there are 1 to ${CERTIFICATE_FACE.skillsLimit}`}
          placeholder="React, TypeScript, Testing"
          {...text('skills')}
        />
        <Divider label="Issuer and organization (optional)" labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Issuer name" placeholder={DEFAULT_ISSUER.name} {...text('issuer_name')} />
          <TextInput label="Issuer title" placeholder={DEFAULT_ISSUER.title} {...text('issuer_title')} />
          <TextInput label="Organization" placeholder={site.name} {...text('organization_name')} />
          <TextInput
            label="Organization website"
            type="url"
            placeholder="https://"
            {...text('organization_website')}
          />
        </SimpleGrid>
        {blocked && (
          <Text size="sm" c="yellow" role="status">
            {blocked}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={busy || blocked !== null}
            leftSection={<IconCertificate size={16} aria-hidden />}
          >
            {busy ? 'Creating...' : 'Create Certificate'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
