import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { IconFileDownload, IconReceiptRefund } from '@tabler/icons-react'
import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffOrderMessages, type StaffOrderDetail } from '@/contract/payments-staff'
import { statusLabel } from '@/contract/status-colours'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDateTime, formatMoney } from '@/lib/format'
import { useStaffOrder } from '../../api/get-staff-orders'
import { downloadOrderReceipt, useRefundOrder } from '../../api/refund-order'
import { GATEWAY_LABELS } from './orders-page'
import { RecordHeader, RecordSection, RecordTable } from '@/components/staff/record-section'
import { RecordLink } from '@/components/staff/staff-list'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** What a refund takes back besides the money, by kind (docs/decisions/wallet-billing.md, "Staff orders and refunds"). */
const REFUND_EFFECTS: Record<StaffOrderDetail['kind'], string> = {
  wallet_topup: "The top-up's credit is taken out of the client's wallet.",
  app_package: 'The app is suspended and its packages end now.',
  domain_registration: 'The domain stays registered (a registration cannot be taken back).',
  domain_renewal: 'The domain keeps the renewed expiry date (a renewal cannot be taken back).',
}

function RefundAction({ order }: { order: StaffOrderDetail }) {
  const refund = useRefundOrder()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const destination =
    order.gateway === 'wallet'
      ? "the client's wallet"
      : `the client's ${order.gateway ? GATEWAY_LABELS[order.gateway] : 'payment'} payment`
  async function submit() {
    setFailure(null)
    try {
      await refund.mutateAsync({ id: order.id, reason })
      toast.success(staffOrderMessages.refunded, 3000)
      setOpen(false)
      setReason('')
    } catch (error) {
      // The reason stays typed; the gateway's or the rule's words say why.
      setFailure(errorText(error))
    }
  }
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconReceiptRefund size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        Refund
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Refund order #${order.id}`}>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Text size="sm">
            {formatMoney(order.amount, order.currency)} goes back to {destination}.{' '}
            {REFUND_EFFECTS[order.kind]} Referral rewards earned by this order are reversed.
          </Text>
          <Textarea
            label="Reason (kept in the audit log)"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" disabled={!reason.trim()} loading={refund.isPending} onClick={submit}>
              Refund {formatMoney(order.amount, order.currency)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}

/** A gateway's identifier, as sent. */
function Reference({ children }: { children: string }) {
  return (
    <Text size="xs" ff="monospace">
      {children}
    </Text>
  )
}

function ReceiptDownload({ order }: { order: StaffOrderDetail }) {
  const [busy, setBusy] = useState(false)
  if (!order.receipt) return null
  const receipt = order.receipt
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload size={16} aria-hidden />}
      loading={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadOrderReceipt(order.id, receipt.number)
        } catch (error) {
          toast.error(errorText(error), 5000)
        } finally {
          setBusy(false)
        }
      }}
    >
      Receipt {receipt.number} (PDF)
    </Button>
  )
}

/** One order: its client, payment, checkout attempts, gateway events, ledger entries, receipt and refund. */
export function OrderPage({ id }: { id: number }) {
  const query = useStaffOrder(id)
  if (query.isPending) return <LoadingPanel />
  if (query.isError)
    return <ErrorPanel message={errorText(query.error)} onRetry={() => void query.refetch()} />
  const order = query.data
  return (
    <Stack gap="md">
      <RecordHeader back="/staff/orders" backLabel="All orders" title={<>Order #{order.id}</>}>
        <StatusBadge status={order.status} kind="order" />
      </RecordHeader>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text fw={600}>{order.description}</Text>
            <Text size="sm">
              {statusLabel(order.kind)} · {formatMoney(order.amount, order.currency)}
              {order.charge && order.charge.currency !== order.currency
                ? ` (charged ${formatMoney(order.charge.amount, order.charge.currency)} at ${order.charge.rate})`
                : ''}
            </Text>
            <Text size="sm">
              {order.client.client_id !== null ? (
                <RecordLink to="/staff/clients/$id" id={order.client.client_id}>
                  {order.client.company_name || order.client.name}
                </RecordLink>
              ) : (
                order.client.name
              )}{' '}
              · {order.client.email}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm">Created {formatDateTime(order.created_at)}</Text>
            <Text size="sm">Paid {formatDateTime(order.paid_at, 'not yet')}</Text>
            <Text size="sm">
              Gateway {order.gateway ? GATEWAY_LABELS[order.gateway] : 'none yet'}
              {order.gateway_reference ? ` · ${order.gateway_reference}` : ''}
            </Text>
            {order.gateway_payment_reference && (
              <Text size="sm">Payment reference {order.gateway_payment_reference}</Text>
            )}
            <Text size="sm">
              Fulfilment {statusLabel(order.fulfilment.status)} after {order.fulfilment.attempts} attempt
              {order.fulfilment.attempts === 1 ? '' : 's'}
              {order.fulfilment.error ? `: ${order.fulfilment.error}` : ''}
            </Text>
            {order.failure_reason && (
              <Text size="sm" c="red">
                Last failure: {order.failure_reason}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        <Group mt="md">
          <ReceiptDownload order={order} />
          {order.refundable && <RefundAction order={order} />}
        </Group>
      </Card>
      {order.refund && (
        <Card withBorder data-testid="order-refund">
          <Group gap="sm" mb="xs">
            <Title order={3} size="h5">
              Refund
            </Title>
            <Badge variant="light" color={order.refund.status === 'succeeded' ? 'grape' : 'yellow'}>
              {order.refund.status === 'succeeded' ? 'Refunded' : 'In progress'}
            </Badge>
          </Group>
          <Text size="sm">
            {formatMoney(order.refund.amount)} to{' '}
            {order.refund.method === 'wallet' ? 'the wallet' : GATEWAY_LABELS[order.refund.method]}
            {order.refund.gateway_refund_reference ? ` · ${order.refund.gateway_refund_reference}` : ''}
          </Text>
          <Text size="sm">
            By {order.refund.by ?? 'a former staff member'} on {formatDateTime(order.refund.created_at)}:{' '}
            {order.refund.reason}
          </Text>
        </Card>
      )}
      <RecordSection title="Checkout attempts">
        <RecordTable
          rows={order.attempts}
          empty={
            order.gateway === 'wallet' ? 'Paid from the wallet, without a checkout.' : 'No checkout started.'
          }
          minWidth={600}
          columns={[
            { header: 'Started', cell: (attempt) => formatDateTime(attempt.created_at) },
            { header: 'Gateway', cell: (attempt) => statusLabel(attempt.gateway) },
            {
              header: 'Charge',
              cell: (attempt) => formatMoney(attempt.charge.amount, attempt.charge.currency),
            },
            { header: 'Reference', cell: (attempt) => <Reference>{attempt.gateway_reference}</Reference> },
          ]}
        />
      </RecordSection>
      <RecordSection title="Gateway events">
        <RecordTable
          rows={order.events}
          empty="No notification from a gateway about this order."
          minWidth={600}
          columns={[
            { header: 'Received', cell: (event) => formatDateTime(event.received_at) },
            { header: 'Gateway', cell: (event) => statusLabel(event.gateway) },
            { header: 'Said', cell: (event) => statusLabel(event.outcome) },
            {
              header: 'Effect',
              cell: (event) => (
                <>
                  {event.result === 'rejected' ? (
                    <Badge variant="light" color="red">
                      Rejected
                    </Badge>
                  ) : event.result === 'applied' ? (
                    'Applied'
                  ) : (
                    'Ignored'
                  )}
                  {event.reason ? (
                    <Text size="xs" c="dimmed">
                      {event.reason}
                    </Text>
                  ) : null}
                </>
              ),
            },
            { header: 'Event', cell: (event) => <Reference>{event.event_id}</Reference> },
          ]}
        />
      </RecordSection>
      {order.extra_payments.length > 0 && (
        <RecordSection title="Second payments refunded">
          <RecordTable
            rows={order.extra_payments}
            empty=""
            minWidth={600}
            columns={[
              { header: 'Received', cell: (extra) => formatDateTime(extra.created_at) },
              { header: 'Gateway', cell: (extra) => statusLabel(extra.gateway) },
              {
                header: 'Charge',
                cell: (extra) => formatMoney(extra.charge.amount, extra.charge.currency),
              },
              {
                header: 'Refund',
                cell: (extra) =>
                  extra.status === 'refunded'
                    ? `Refunded${extra.gateway_refund_reference ? ` · ${extra.gateway_refund_reference}` : ''}`
                    : extra.status === 'failed'
                      ? `Refused: ${extra.error ?? ''}`
                      : 'In progress',
              },
              { header: 'Reference', cell: (extra) => <Reference>{extra.gateway_reference}</Reference> },
            ]}
          />
        </RecordSection>
      )}
      <RecordSection title="Wallet entries">
        <RecordTable
          rows={order.ledger}
          empty="This order made no wallet entry."
          columns={[
            { cell: (entry) => formatDateTime(entry.created_at) },
            { cell: (entry) => statusLabel(entry.transaction_type) },
            { cell: (entry) => entry.description },
            { cell: (entry) => formatMoney(entry.amount), td: { ta: 'right' } },
          ]}
        />
      </RecordSection>
    </Stack>
  )
}
