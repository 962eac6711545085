import { Alert, Anchor, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { certificateMessages, checkCertificate, type Certificate } from '@/contract/certificates'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { useCurrentUser } from '@/lib/session'
import { createCertificateError, useCreateCertificate } from '../api/create-certificate'
import { emptyCertificateForm, toCreatePayload, toPreview, type CertificateFormValues } from '../form-values'
import { CertificateForm } from './certificate-form'
import { ScaledCertificate } from './certificate-preview'
import { CreatedPanel } from './created-panel'
import { IssuedCertificates } from './issued-certificates'

/** Shown to a signed-in client: creation is for staff (ARCHITECTURE §6). */
function NotAllowed() {
  return (
    <Alert
      color="yellow"
      icon={<IconLock aria-hidden />}
      title="Not allowed"
      maw={640}
      mx="auto"
      role="alert"
    >
      <Text size="sm">
        {certificateMessages.staffOnly} If you need a certificate for a course you took with us, contact your
        trainer or our support team.
      </Text>
      <Group mt="md" gap="sm">
        <Button component={Link} to="/certificate" size="xs" variant="light">
          Verify a certificate
        </Button>
        <Button component={Link} to="/dashboard" size="xs" variant="default">
          Go to Dashboard
        </Button>
      </Group>
    </Alert>
  )
}

function Creator() {
  const online = useOnline()
  const create = useCreateCertificate()
  const [values, setValues] = useState<CertificateFormValues>(emptyCertificateForm)
  const [invalid, setInvalid] = useState<string[]>([])
  const [created, setCreated] = useState<Certificate | null>(null)
  const preview = useMemo(() => toPreview(values, window.location.origin), [values])

  function change(field: keyof CertificateFormValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid((f) => f.filter((x) => x !== field))
  }

  async function submit() {
    const payload = toCreatePayload(values)
    const problem = checkCertificate({ ...values, skills: values.skills })
    if (problem) {
      setInvalid(problem.fields)
      toast.error(problem.message)
      return
    }
    try {
      const certificate = await create.mutateAsync(payload)
      toast.success(certificateMessages.created(certificate.serial_number), 5000)
      setCreated(certificate)
      // Spec §4: after success the form resets (dates today, type training) and the preview clears.
      setValues(emptyCertificateForm())
      setInvalid([])
    } catch (error) {
      toast.error(createCertificateError(error), 5000)
    }
  }

  return (
    <Stack gap="xl">
      {created && <CreatedPanel certificate={created} onDismiss={() => setCreated(null)} />}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card>
            <Title order={2} size="h4" mb="md">
              Certificate details
            </Title>
            <CertificateForm
              values={values}
              invalid={invalid}
              busy={create.isPending}
              blocked={
                online ? null : 'You are offline. Certificates can be created once you are back online.'
              }
              onChange={change}
              onSubmit={() => void submit()}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs" pos="sticky" top={88}>
            <Title order={2} size="h4">
              Live preview
            </Title>
            <Text size="sm" c="dimmed">
              The serial number is drawn when the certificate is created.
            </Text>
            <ScaledCertificate certificate={preview} />
          </Stack>
        </Grid.Col>
      </Grid>
      <IssuedCertificates />
    </Stack>
  )
}

/** Spec §2.8: /certificate-management, behind the login guard; only staff see the form. */
export function CertificateManagementPage() {
  const user = useCurrentUser()
  return (
    <Container size="xl" py={{ base: 32, sm: 48 }}>
      <Stack gap={4} mb="xl">
        <Title order={1}>Certificate Management</Title>
        <Text c="dimmed">
          Issue signed training certificates and revoke them.{' '}
          <Anchor component={Link} to="/certificate">
            Verify a certificate
          </Anchor>
        </Text>
      </Stack>
      {user?.role === 'staff' ? <Creator /> : <NotAllowed />}
    </Container>
  )
}
