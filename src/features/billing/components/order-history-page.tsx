import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconCreditCard, IconX } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import {
  attemptResultLabels,
  billingMessages,
  checkoutMethodLabels,
  orderKindLabels,
  type AttemptResult,
  type OrderHistory,
} from '@/contract/billing'
import { BackLink } from '@/components/back-link'
import { CachedCopyNotice } from '@/components/cached-copy-notice'
import { DetailPageStatus } from '@/components/detail-page-status'
import { OfflinePanel } from '@/components/offline-panel'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { formatDateTime, formatMoney, formatUsd } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useCancelOrder } from '../api/cancel-order'
import { useOrderHistory } from '../api/get-order-history'
import { OrderStatusBadge } from './order-status-badge'

const RESULT_COLOURS: Record<AttemptResult, string> = {
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'gray',
  pending: 'yellow',
  not_completed: 'gray',
}

interface OrderHistoryPageProps {
  orderId: number
  /** The receipt's PDF download (the receipts feature), composed by the route. */
  receipt: (orderId: number) => ReactNode
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  )
}

/** /billing/{id} (issue 24): one order with its payment attempts, refunds and receipt; an unpaid one can be paid or cancelled. */
export function OrderHistoryPage({ orderId, receipt }: OrderHistoryPageProps) {
  const query = useOrderHistory(orderId)
  useDocumentTitle(query.data ? `Order #${query.data.order.id}` : billingMessages.title)
  if (!query.data) {
    if (query.fetchStatus === 'paused')
      return (
        <Container size="lg" py="xl">
          <OfflinePanel what="This order" />
        </Container>
      )
    return (
      <DetailPageStatus
        query={query}
        listPath="/billing"
        backLabel="Back to billing history"
        size="lg"
        loadingLabel="Loading order..."
        notFound={{
          title: billingMessages.notFound,
          message: 'It is not one of your orders.',
          actionLabel: billingMessages.title,
        }}
        errorMessage={billingMessages.orderLoadFailed}
        onRetry={() => void query.refetch()}
      />
    )
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <BackLink to="/billing">Back to billing history</BackLink>
        {query.isError && (
          <CachedCopyNotice
            message={billingMessages.orderLoadFailed}
            savedAt={query.dataUpdatedAt}
            onRetry={() => void query.refetch()}
          />
        )}
        <OrderHistoryView history={query.data} receipt={receipt} />
      </Stack>
    </Container>
  )
}

function OrderHistoryView({
  history,
  receipt,
}: {
  history: OrderHistory
  receipt: (orderId: number) => ReactNode
}) {
  const { order } = history
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Order #{order.id}</Title>
          <Text c="dimmed">{order.description}</Text>
        </Stack>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="What">{orderKindLabels[order.kind]}</Fact>
          <Fact label="Amount">
            {formatUsd(order.amount)} {order.currency}
          </Fact>
          <Fact label="Method">{order.gateway ? checkoutMethodLabels[order.gateway] : '—'}</Fact>
          <Fact label="Ordered">{formatDateTime(order.created_at)}</Fact>
          <Fact label="Paid">{formatDateTime(order.paid_at, '—')}</Fact>
          {order.failure_reason && order.status !== 'paid' && (
            <Fact label="Last failure">{order.failure_reason}</Fact>
          )}
        </SimpleGrid>
      </Card>
      {history.payable && <UnpaidActions orderId={order.id} />}
      <Attempts history={history} />
      {history.refunds.length > 0 && <Refunds history={history} />}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {billingMessages.receipt}
        </Title>
        {history.receipt ? (
          <Group gap="sm" data-testid="order-receipt">
            <Text size="sm">
              {history.receipt.number} · issued {formatDateTime(history.receipt.issued_at)}
            </Text>
            {receipt(order.id)}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {billingMessages.noReceipt}
          </Text>
        )}
      </Stack>
    </Stack>
  )
}

function Attempts({ history }: { history: OrderHistory }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {billingMessages.attempts}
      </Title>
      {history.attempts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {billingMessages.noAttempts}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" miw={640} data-testid="payment-attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Reference</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.attempts.map((attempt, index) => (
                <Table.Tr key={`${attempt.created_at}-${index}`} data-testid="payment-attempt">
                  <Table.Td>{formatDateTime(attempt.created_at)}</Table.Td>
                  <Table.Td>{checkoutMethodLabels[attempt.gateway]}</Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(attempt.amount, attempt.currency)} {attempt.currency === 'USD' ? 'USD' : ''}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={RESULT_COLOURS[attempt.result]}>
                      {attemptResultLabels[attempt.result]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {attempt.reference ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  )
}

function Refunds({ history }: { history: OrderHistory }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {billingMessages.refunds}
      </Title>
      <ScrollArea type="auto">
        <Table verticalSpacing="xs" miw={640} data-testid="order-refunds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.refunds.map((refund, index) => (
              <Table.Tr key={`${refund.created_at}-${index}`} data-testid="order-refund">
                <Table.Td>{formatDateTime(refund.completed_at ?? refund.created_at)}</Table.Td>
                <Table.Td>{checkoutMethodLabels[refund.method]}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(refund.amount, refund.currency)} {refund.currency === 'USD' ? 'USD' : ''}
                </Table.Td>
                <Table.Td>{refund.status === 'succeeded' ? 'Refunded' : 'In progress'}</Table.Td>
                <Table.Td>{refund.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  )
}

/** 'Complete payment' (back into the checkout of this same order) and 'Cancel order'; both need a connection. */
function UnpaidActions({ orderId }: { orderId: number }) {
  const online = useOnline()
  const cancel = useCancelOrder()
  const [confirming, setConfirming] = useState(false)
  const offlineTitle = online ? undefined : billingMessages.offlineActions
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          renderRoot={(props) => <Link to="/billing/$id/pay" params={{ id: String(orderId) }} {...props} />}
          leftSection={<IconCreditCard size={16} aria-hidden />}
          disabled={!online}
          title={offlineTitle}
        >
          {billingMessages.completePayment}
        </Button>
        <Button
          variant="default"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          disabled={!online}
          title={offlineTitle}
          onClick={() => setConfirming(true)}
        >
          {billingMessages.cancelOrder}
        </Button>
      </Group>
      {!online && (
        <Alert color="yellow" variant="light" role="status">
          {billingMessages.offlineActions}
        </Alert>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={billingMessages.cancelOrder}>
        <Stack gap="md">
          <Text size="sm">{billingMessages.cancelConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {billingMessages.keepOrder}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(orderId, {
                  onSuccess: (answer) => {
                    setConfirming(false)
                    toast.success(answer.message)
                  },
                  onError: (error) =>
                    toast.error(
                      error instanceof ApiError && error.body ? error.message : billingMessages.cancelFailed,
                    ),
                })
              }
            >
              {billingMessages.cancelOrder}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
