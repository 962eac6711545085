import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { IconCertificateOff, IconSearch } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { certificateMessages, normaliseSerial, SERIAL_FORMAT_HINT } from '@/contract/certificates'
import { site } from '@/contract/site'
import { LoadingPanel } from '@/components/status-panels'
import { PageHeader } from '@/components/page-header'
import { toast } from '@/components/toast'
import { useCurrentUser } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { isCertificateNotFound, useVerifyCertificate, verifyErrorMessage } from '../api/verify-certificate'
import { CertificateResult } from './certificate-result'

const HOW_TO_VERIFY = [
  {
    title: 'Find the serial number',
    text: `It is printed at the bottom right of every certificate, in the form ${SERIAL_FORMAT_HINT}. Scanning the QR code next to it opens this page with the serial filled in.`,
  },
  {
    title: 'Enter it above',
    text: 'Type or paste the serial number (letters in any case) and press Verify Certificate.',
  },
  {
    title: 'Compare the result',
    text: 'Check the status and the signature, and that the name, course and dates match the copy you were given.',
  },
]

export function NotFoundPanel() {
  return (
    <Card role="alert" ta="center" py="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconCertificateOff size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {certificateMessages.notFoundTitle}
        </Title>
        <Text c="dimmed" maw={520}>
          We could not find a certificate with this serial number. Please check the serial number and try
          again. If you believe this is a mistake, contact our support team at{' '}
          <Anchor href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Anchor>.
        </Text>
      </Stack>
    </Card>
  )
}

/** Spec §2.7: /certificate and /certificate/{serial}; a serial in the route is verified at once. */
export function VerifyPage({ serial }: { serial?: string | undefined }) {
  const navigate = useNavigate()
  const user = useCurrentUser()
  const verify = useVerifyCertificate()
  const [value, setValue] = useState(serial ? normaliseSerial(serial) : '')
  const [invalid, setInvalid] = useState(false)
  const started = useRef(false)
  useDocumentTitle(serial ? `Certificate ${normaliseSerial(serial)}` : null)

  function run(target: string) {
    verify.mutate(target, {
      onSuccess: () => toast.success(certificateMessages.found),
      onError: (error) =>
        toast.error(
          isCertificateNotFound(error) ? certificateMessages.notFoundToast : verifyErrorMessage(error),
        ),
    })
  }

  useEffect(() => {
    if (!serial || started.current) return
    started.current = true
    run(serial)
    // The route's serial is verified once, when the page opens with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serial])

  function submit(event: FormEvent) {
    event.preventDefault()
    const target = normaliseSerial(value)
    if (!target) {
      setInvalid(true)
      toast.error(certificateMessages.serialRequired)
      return
    }
    // Same serial as the address: verify again; another one: its own address, so it can be shared.
    if (serial && normaliseSerial(serial) === target) run(target)
    else void navigate({ to: '/certificate/$serialNumber', params: { serialNumber: target } })
  }

  return (
    <Container size="lg" py={{ base: 40, sm: 64 }}>
      <PageHeader eyebrow="Certificate Verification" title="Verify a Certificate">
        Check that a training certificate was issued by {site.name}: enter its serial number.
      </PageHeader>
      {user?.role === 'staff' && (
        <Group justify="center" mt="md">
          <Button component={Link} to="/certificate-management" variant="light" size="xs">
            Issue a certificate
          </Button>
        </Group>
      )}
      <Card
        maw={640}
        mx="auto"
        mt="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Verify a certificate"
      >
        <Stack>
          <TextInput
            label="Certificate serial number"
            placeholder={SERIAL_FORMAT_HINT}
            description={`Format: ${SERIAL_FORMAT_HINT} (letters in any case)`}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value.toUpperCase())
              setInvalid(false)
            }}
            error={invalid ? certificateMessages.serialRequired : undefined}
            autoCapitalize="characters"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            maxLength={60}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={verify.isPending}>
            Verify Certificate
          </Button>
        </Stack>
      </Card>

      <Stack mt="xl" maw={1000} mx="auto">
        {verify.isPending && <LoadingPanel label="Verifying certificate..." />}
        {verify.isSuccess && <CertificateResult certificate={verify.data} />}
        {verify.isError &&
          (isCertificateNotFound(verify.error) ? (
            <NotFoundPanel />
          ) : (
            <Card role="alert">
              <Text c="red">{verifyErrorMessage(verify.error)}</Text>
            </Card>
          ))}
      </Stack>

      <Stack mt={64} maw={1000} mx="auto" gap="md">
        <Title order={2} ta="center">
          How to Verify
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {HOW_TO_VERIFY.map((step, index) => (
            <Card key={step.title}>
              <Group gap="sm" mb="xs" wrap="nowrap">
                <ThemeIcon radius="xl" size={32}>
                  {index + 1}
                </ThemeIcon>
                <Title order={3} size="h5">
                  {step.title}
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  )
}
