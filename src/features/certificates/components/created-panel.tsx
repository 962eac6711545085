import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconDownload, IconExternalLink } from '@tabler/icons-react'
import type { Certificate } from '@/contract/certificates'
import { printCertificate } from '../certificate-export'
import { ScaledCertificate } from './certificate-preview'

/** Spec §2.8: the green panel after a certificate is created: serial, Download PDF, View Certificate, dismiss. */
export function CreatedPanel({
  certificate,
  onDismiss,
}: {
  certificate: Certificate
  onDismiss: () => void
}) {
  const serial = certificate.serial_number
  return (
    <Alert
      color="signal"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title="Certificate created"
      role="status"
    >
      <CloseButton
        aria-label="Dismiss"
        onClick={onDismiss}
        style={{ position: 'absolute', top: 8, right: 8 }}
      />
      <Stack gap="sm">
        <Text size="sm">
          Serial number:{' '}
          <Text span ff="monospace" fw={700} data-testid="created-serial">
            {serial}
          </Text>
        </Text>
        <div style={{ maxWidth: 360 }}>
          <ScaledCertificate certificate={certificate} />
        </div>
        <Group gap="sm">
          <Button
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => printCertificate(serial)}
          >
            Download PDF
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={`/certificate/${serial}`}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            View Certificate
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
