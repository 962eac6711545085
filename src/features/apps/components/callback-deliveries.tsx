import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { callbackTexts, DELIVERIES_PAGE_SIZE, type CallbackDelivery } from '@/contract/app-callbacks'
import { Pagination } from '@/components/pagination'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { formatDateTime } from '@/lib/format'
import { useDeliveries } from '../api/get-deliveries'
import { useResendDelivery } from '../api/resend-delivery'

const statusColour: Record<CallbackDelivery['status'], string> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
}

function responseText(delivery: CallbackDelivery): string {
  if (delivery.response_status !== null) return String(delivery.response_status)
  return delivery.last_error ?? '—'
}

/** The app's recent status callbacks: time, event, response, next retry, and Resend. */
export function CallbackDeliveries({ appId }: { appId: number }) {
  const online = useOnline()
  const [page, setPage] = useState(1)
  const query = useDeliveries(appId, page)
  const resend = useResendDelivery(appId)
  const deliveries = query.data?.results ?? []
  const again = async (id: number) => {
    try {
      await resend.mutateAsync(id)
      toast.success(callbackTexts.resent, 3000)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : callbackTexts.resendFailed, 5000)
    }
  }
  return (
    <Card withBorder padding="lg" data-testid="callback-deliveries">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Recent deliveries
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Refresh deliveries
        </Button>
      </Group>
      {query.isError && !query.data && <Text c="red">{callbackTexts.deliveriesFailed}</Text>}
      {query.data && deliveries.length === 0 && <Text c="dimmed">{callbackTexts.noDeliveries}</Text>}
      {deliveries.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th>Next retry</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.map((d) => (
                <Table.Tr key={d.id} data-testid="callback-delivery">
                  <Table.Td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.event}</Text>
                    {d.message_id !== null && (
                      <Text size="xs" c="dimmed">
                        Message {d.message_id}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColour[d.status]}>
                      {d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-testid="delivery-response">{responseText(d)}</Table.Td>
                  <Table.Td>{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => void again(d.id)}
                      disabled={!online || resend.isPending}
                      aria-label={`Resend ${d.event} of message ${d.message_id ?? ''}`.trim()}
                    >
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.data && query.data.count > DELIVERIES_PAGE_SIZE && (
        <Group justify="center" mt="sm">
          <Pagination
            page={page}
            total={Math.ceil(query.data.count / DELIVERIES_PAGE_SIZE)}
            onChange={setPage}
            label="Deliveries pages"
          />
        </Group>
      )}
    </Card>
  )
}
