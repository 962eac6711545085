import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { certificateMessages, type Certificate, type VerificationStatus } from '@/contract/certificates'
import { pageCount, Pagination } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDate } from '@/lib/format'
import { useCertificates } from '../api/get-certificates'
import { useRevokeCertificate } from '../api/revoke-certificate'

const statusColours: Record<VerificationStatus, string> = {
  valid: 'signal',
  expired: 'yellow',
  revoked: 'red',
  pending: 'gray',
}

function RevokeModal({ certificate, onClose }: { certificate: Certificate | null; onClose: () => void }) {
  const revoke = useRevokeCertificate()
  const [reason, setReason] = useState('')
  const [invalid, setInvalid] = useState(false)
  async function confirm() {
    if (!certificate) return
    if (!reason.trim()) {
      setInvalid(true)
      toast.error(certificateMessages.reasonRequired)
      return
    }
    try {
      await revoke.mutateAsync({ serial: certificate.serial_number, reason })
      toast.success(certificateMessages.revoked(certificate.serial_number))
      setReason('')
      onClose()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : certificateMessages.revokeFailed, 5000)
    }
  }
  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      title={`Revoke ${certificate?.serial_number ?? ''}`}
    >
      <Stack>
        <Text size="sm">
          Anyone who verifies this certificate will see that it was revoked, and the reason you give here.
          This cannot be undone.
        </Text>
        <Textarea
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={invalid ? certificateMessages.reasonRequired : undefined}
          onChange={(e) => {
            setReason(e.currentTarget.value)
            setInvalid(false)
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => void confirm()}>
            Revoke certificate
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** Staff: the certificates issued so far, newest first, with search and revocation. */
export function IssuedCertificates() {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, 300)
  const [page, setPage] = useState(1)
  const [revoking, setRevoking] = useState<Certificate | null>(null)
  const list = useCertificates({ search: debounced, page }, true)
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3">
          Issued certificates
        </Title>
        <TextInput
          aria-label="Search certificates"
          placeholder="Serial, name, e-mail or course"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value)
            setPage(1)
          }}
          w={300}
        />
      </Group>
      {list.isPending && <LoadingPanel label="Loading certificates..." />}
      {list.isError && <ErrorPanel message={list.error.message} onRetry={() => void list.refetch()} />}
      {list.data && list.data.count === 0 && (
        <EmptyState
          title="No certificates"
          message={debounced ? 'Nothing matches this search.' : 'None issued yet.'}
        />
      )}
      {list.data?.results.map((c) => (
        <Card key={c.serial_number} padding="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Text ff="monospace" fw={700}>
                  {c.serial_number}
                </Text>
                <Badge color={statusColours[c.verification_status]} variant="light">
                  {c.verification_status}
                </Badge>
              </Group>
              <Text size="sm">
                {c.recipient_name} · {c.course_name}
              </Text>
              <Text size="xs" c="dimmed">
                Issued {formatDate(c.issue_date)} to {c.recipient_email}
                {c.revocation_reason ? ` · Revoked: ${c.revocation_reason}` : ''}
              </Text>
            </Stack>
            <Group gap="xs">
              <Anchor href={`/certificate/${c.serial_number}`} target="_blank" rel="noopener" size="sm">
                View
              </Anchor>
              {c.verification_status !== 'revoked' && (
                <Button size="xs" variant="light" color="red" onClick={() => setRevoking(c)}>
                  Revoke
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      ))}
      {list.data && (
        <Pagination
          page={page}
          total={pageCount(list.data.count, 20)}
          onChange={setPage}
          label="Certificate pages"
        />
      )}
      <RevokeModal certificate={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  )
}
