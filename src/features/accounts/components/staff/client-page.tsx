import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffClientMessages, type StaffClientDetail } from '@/contract/accounts-staff'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDateTime } from '@/lib/format'
import { resetClientTwoFactor, setClientActive, useClientChange } from '../../api/change-client'
import { useStaffClient } from '../../api/get-clients'
import { AccountBadge } from './staff-clients-page'
import { RecordHeader, RecordSection, RecordTable } from '@/components/staff/record-section'
import { RecordLink } from '@/components/staff/staff-list'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

function AccountActions({ client }: { client: StaffClientDetail }) {
  const active = useClientChange(setClientActive)
  const reset = useClientChange(resetClientTwoFactor)
  const [resetting, setResetting] = useState(false)
  const [reason, setReason] = useState('')
  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action()
      toast.success(success, 3000)
      return true
    } catch (error) {
      toast.error(errorText(error), 5000)
      return false
    }
  }
  return (
    <Group gap="sm">
      {client.user.is_active ? (
        <Button
          color="red"
          variant="light"
          loading={active.isPending}
          onClick={() =>
            void run(
              () => active.mutateAsync({ id: client.id, active: false }),
              staffClientMessages.deactivated,
            )
          }
        >
          Deactivate
        </Button>
      ) : (
        <Button
          variant="light"
          loading={active.isPending}
          onClick={() =>
            void run(() => active.mutateAsync({ id: client.id, active: true }), staffClientMessages.activated)
          }
        >
          Activate
        </Button>
      )}
      {client.user.two_factor && (
        <Button variant="default" onClick={() => setResetting(true)}>
          Reset two-factor
        </Button>
      )}
      <Modal opened={resetting} onClose={() => setResetting(false)} title="Reset two-factor sign-in">
        <Stack gap="sm">
          <Text size="sm">
            {client.user.email} will sign in with the password alone until they set up an authenticator again.
            Every session ends now.
          </Text>
          <Textarea
            label="Reason (kept in the audit log)"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={reset.isPending}
              onClick={async () => {
                const done = await run(
                  () => reset.mutateAsync({ id: client.id, reason }),
                  staffClientMessages.twoFactorReset,
                )
                if (done) {
                  setResetting(false)
                  setReason('')
                }
              }}
            >
              Reset two-factor
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  )
}

/**
 * One client on one page: the user, the account, its orders, projects and apps. The orders section
 * belongs to payments, so the route passes it in (`orders`).
 */
export function ClientPage({ id, orders }: { id: number; orders: ReactNode }) {
  const client = useStaffClient(id)
  if (client.isPending) return <LoadingPanel />
  if (client.isError)
    return <ErrorPanel message={errorText(client.error)} onRetry={() => void client.refetch()} />
  const c = client.data
  return (
    <Stack gap="md">
      <RecordHeader
        back="/staff/clients"
        backLabel="All clients"
        title={c.company_name || '(no company name)'}
      >
        <AccountBadge active={c.user.is_active} />
      </RecordHeader>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text fw={600}>
              {c.user.first_name} {c.user.last_name}
            </Text>
            <Text size="sm">{c.user.email}</Text>
            {c.phone && <Text size="sm">{c.phone}</Text>}
            {c.address && <Text size="sm">{c.address}</Text>}
          </Stack>
          <Stack gap={2}>
            <Text size="sm">Client since {formatDateTime(c.created_at)}</Text>
            <Text size="sm">Last sign-in {formatDateTime(c.user.last_login_at, 'never')}</Text>
            <Text size="sm">Two-factor sign-in {c.user.two_factor ? 'on' : 'off'}</Text>
          </Stack>
        </SimpleGrid>
        <Group mt="md">
          <AccountActions client={c} />
        </Group>
      </Card>
      {orders}
      <RecordSection title="Projects">
        <RecordTable
          rows={c.projects}
          empty="No projects yet."
          columns={[
            {
              cell: (p) => (
                <RecordLink to="/staff/projects/$id" id={p.id}>
                  {p.name}
                </RecordLink>
              ),
            },
            { cell: (p) => <StatusBadge status={p.status} /> },
            { cell: (p) => `${p.progress}%` },
          ]}
        />
      </RecordSection>
      <RecordSection title="Apps">
        <RecordTable
          rows={c.apps}
          empty="No apps yet."
          columns={[{ cell: (a) => a.name }, { cell: (a) => <StatusBadge status={a.status} kind="app" /> }]}
        />
      </RecordSection>
    </Stack>
  )
}
