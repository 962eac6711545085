import { Anchor, Container, ScrollArea, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { billingMessages, checkoutMethodLabels, orderKindLabels } from '@/contract/billing'
import { ORDERS_PAGE_SIZE, type Order } from '@/contract/payments'
import { CachedCopyNotice } from '@/components/cached-copy-notice'
import { OfflinePanel } from '@/components/offline-panel'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDate, formatMoney, formatUsd } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useOrders } from '../api/get-orders'
import { OrderStatusBadge } from './order-status-badge'

/** The method of an order: how it was paid, or how its open checkout tries to; none before checkout. */
function methodOf(order: Order): string {
  return order.gateway ? checkoutMethodLabels[order.gateway] : '—'
}

/**
 * /billing (issue 24): every order of the client, newest first, with what it bought, amount and currency,
 * status, date and method; each opens its history. Readable offline from the persisted copy.
 */
export function BillingPage() {
  useDocumentTitle(billingMessages.title)
  const [page, setPage] = useState(1)
  const orders = useOrders(page)
  const data = orders.data

  let body
  if (orders.isError && !data) {
    body = <ErrorPanel message={billingMessages.loadFailed} onRetry={() => void orders.refetch()} />
  } else if (!data) {
    body =
      orders.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your billing history" />
      ) : (
        <LoadingPanel label="Loading orders..." />
      )
  } else if (data.count === 0) {
    body = <EmptyState title={billingMessages.empty} message={billingMessages.lead} />
  } else {
    body = (
      <Stack gap="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={760} data-testid="billing-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((order) => (
                <Table.Tr key={order.id} data-testid="billing-order">
                  <Table.Td>{formatDate(order.created_at)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      fw={600}
                      size="sm"
                      renderRoot={(props) => (
                        <Link to="/billing/$id" params={{ id: String(order.id) }} {...props} />
                      )}
                    >
                      {order.description}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      #{order.id} · {orderKindLabels[order.kind]}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600}>
                      {formatUsd(order.amount)} {order.currency}
                    </Text>
                    {order.charge && order.charge.currency !== order.currency && (
                      <Text size="xs" c="dimmed">
                        {formatMoney(order.charge.amount, order.charge.currency)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{methodOf(order)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Pagination
          page={page}
          total={pageCount(data.count, ORDERS_PAGE_SIZE)}
          onChange={setPage}
          label="Order pages"
        />
      </Stack>
    )
  }
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{billingMessages.title}</Title>
          <Text c="dimmed">{billingMessages.lead}</Text>
        </Stack>
        {orders.isError && data && (
          <CachedCopyNotice
            message={billingMessages.loadFailed}
            savedAt={orders.dataUpdatedAt}
            onRetry={() => void orders.refetch()}
          />
        )}
        {body}
      </Stack>
    </Container>
  )
}
