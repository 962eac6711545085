import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffClientMessages, type StaffClientDetail } from '@/contract/staff-clients'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDateTime, formatMoney } from '@/lib/format'
import { resetClientTwoFactor, setClientActive, useClientChange } from '../api/change-client'
import { useStaffClient } from '../api/get-clients'
import { useStaffOrders } from '../api/get-orders'

/** How many of a client's newest orders their page lists. */
const CLIENT_ORDERS_SHOWN = 5

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

/** The client's newest orders, linking to each and to the whole filtered list. */
function ClientOrders({ clientId }: { clientId: number }) {
  const orders = useStaffOrders({ page: 1, search: '', sort: 'newest', client: clientId })
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Orders and payments
        </Title>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link to="/staff/orders" search={{ client: clientId }} {...props} />}
        >
          All orders of this client
        </Anchor>
      </Group>
      {orders.isPending ? (
        <LoadingPanel />
      ) : orders.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void orders.refetch()} />
      ) : orders.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders yet.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {orders.data.results.slice(0, CLIENT_ORDERS_SHOWN).map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/staff/orders/$id" params={{ id: String(o.id) }} {...props} />
                    )}
                  >
                    #{o.id} {o.description}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatMoney(o.amount, o.currency)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={o.status} kind="order" />
                </Table.Td>
                <Table.Td>{formatDateTime(o.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  )
}

/** One client on one page: the user, the account, its orders, projects and apps. */
export function ClientPage({ id }: { id: number }) {
  const client = useStaffClient(id)
  if (client.isPending) return <LoadingPanel />
  if (client.isError)
    return <ErrorPanel message={errorText(client.error)} onRetry={() => void client.refetch()} />
  const c = client.data
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link to="/staff/clients" {...props} />} size="sm">
        ← All clients
      </Anchor>
      <Group gap="sm">
        <Title order={2} size="h3">
          {c.company_name || '(no company name)'}
        </Title>
        <Badge color={c.user.is_active ? 'green' : 'gray'} variant="light">
          {c.user.is_active ? 'Active' : 'Deactivated'}
        </Badge>
      </Group>
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
      <ClientOrders clientId={c.id} />
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Projects
        </Title>
        {c.projects.length === 0 ? (
          <Text size="sm" c="dimmed">
            No projects yet.
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {c.projects.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor
                      renderRoot={(props) => (
                        <Link to="/staff/projects/$id" params={{ id: String(p.id) }} {...props} />
                      )}
                    >
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>{p.progress}%</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Apps
        </Title>
        {c.apps.length === 0 ? (
          <Text size="sm" c="dimmed">
            No apps yet.
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {c.apps.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={a.status} kind="app" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  )
}
