import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockExclamation,
  IconDownload,
  IconShieldCheck,
  IconShieldX,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { certificateTypeLabels, type Certificate, type VerificationStatus } from '@/contract/certificates'
import { ShareButton } from '@/components/share-button'
import { formatDate, formatDateTime } from '@/lib/format'
import { printCertificate } from '../certificate-export'
import { creditHours } from './certificate-face'
import { CertificatePreview } from './certificate-preview'

const statusView: Record<
  VerificationStatus,
  { title: string; color: string; text: string; icon: ReactNode }
> = {
  valid: {
    title: 'Valid Certificate',
    color: 'signal',
    text: 'This certificate was issued by us and is currently valid.',
    icon: <IconCircleCheck aria-hidden />,
  },
  expired: {
    title: 'Expired Certificate',
    color: 'yellow',
    text: 'This certificate was issued by us, but its validity period has ended.',
    icon: <IconClockExclamation aria-hidden />,
  },
  revoked: {
    title: 'Revoked Certificate',
    color: 'red',
    text: 'This certificate was issued by us and later revoked. It is no longer valid.',
    icon: <IconAlertTriangle aria-hidden />,
  },
  pending: {
    title: 'Pending Certificate',
    color: 'gray',
    text: 'This certificate is not active yet.',
    icon: <IconClockExclamation aria-hidden />,
  },
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  )
}

/** The answer for a found certificate: status, signature, preview, exports and the detail panels. */
export function CertificateResult({ certificate: c }: { certificate: Certificate }) {
  const status = statusView[c.verification_status]
  const { metadata } = c
  const extra = [
    metadata.duration_hours != null && { label: 'Duration', value: creditHours(metadata.duration_hours) },
    metadata.instructor && { label: 'Instructor', value: metadata.instructor },
    metadata.location && { label: 'Location', value: metadata.location },
  ].filter((x): x is { label: string; value: string } => Boolean(x))
  return (
    <Stack gap="lg" aria-label="Verification result">
      <Alert color={status.color} icon={status.icon} title={status.title} variant="light">
        <Text size="sm">{status.text}</Text>
        {c.verification_status === 'revoked' && (
          <Text size="sm" mt={6}>
            Revoked on {formatDate(c.revoked_at)}. Reason: {c.revocation_reason}
          </Text>
        )}
      </Alert>
      {c.signature.verified ? (
        <Alert color="signal" icon={<IconShieldCheck aria-hidden />} title="Signature verified">
          <Text size="sm">
            The details below match what we signed when the certificate was issued (Ed25519, key{' '}
            {c.signature.key_id}).
          </Text>
        </Alert>
      ) : (
        <Alert color="red" icon={<IconShieldX aria-hidden />} title="Signature check failed">
          <Text size="sm">
            These details do not match what we signed when the certificate was issued. Do not rely on this
            certificate; please contact us.
          </Text>
        </Alert>
      )}

      <CertificatePreview certificate={c} />
      <Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => printCertificate(c.serial_number)}
        >
          Download PDF
        </Button>
        <ShareButton title={`Certificate ${c.serial_number}`} url={c.verification_url} />
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Panel title="Certificate Holder">
          <Field label="Name">{c.recipient_name}</Field>
          <Field label="Email">{c.recipient_email}</Field>
        </Panel>
        <Panel title="Course">
          <Field label="Course">{c.course_name}</Field>
          <Field label="Type">
            <Badge variant="light">{certificateTypeLabels[c.certificate_type]}</Badge>
          </Field>
          {c.course_description && <Field label="Description">{c.course_description}</Field>}
          {c.grade && <Field label="Grade">{c.grade}</Field>}
          {c.credits !== null && <Field label="Credits">{creditHours(c.credits)}</Field>}
          {c.skills.length > 0 && <Field label="Skills">{c.skills.join(', ')}</Field>}
        </Panel>
        <Panel title="Validity">
          <Field label="Serial number">{c.serial_number}</Field>
          <Field label="Completed">{formatDate(c.completion_date)}</Field>
          <Field label="Issued">{formatDate(c.issue_date)}</Field>
          <Field label="Expires">{c.expiry_date ? formatDate(c.expiry_date) : 'Does not expire'}</Field>
        </Panel>
        <Panel title="Issued By">
          <Field label="Signed by">
            {c.issuer.name}, {c.issuer.title}
          </Field>
          <Field label="Organization">
            {c.organization.website ? (
              <Anchor href={c.organization.website} target="_blank" rel="noopener noreferrer">
                {c.organization.name}
              </Anchor>
            ) : (
              c.organization.name
            )}
          </Field>
          <Field label="Recorded">{formatDateTime(c.created_at)}</Field>
        </Panel>
      </SimpleGrid>
      <Panel title="Additional Details">
        {extra.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {extra.map((item) => (
              <Field key={item.label} label={item.label}>
                {item.value}
              </Field>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed" size="sm">
            No duration, instructor or location was recorded for this certificate.
          </Text>
        )}
      </Panel>
    </Stack>
  )
}
