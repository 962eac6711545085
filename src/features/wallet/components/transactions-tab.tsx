import { Badge, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { WALLET_TRANSACTIONS_PAGE_SIZE, walletMessages, type WalletTransaction } from '@/contract/wallet'
import { CachedCopyNotice } from '@/components/cached-copy-notice'
import { OfflinePanel } from '@/components/offline-panel'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDate, formatUsd } from '@/lib/format'
import { useTransactions } from '../api/get-transactions'

const TYPE_COLOURS: Record<WalletTransaction['transaction_type'], string> = {
  deposit: 'teal',
  payment: 'blue',
  withdrawal: 'orange',
  refund: 'grape',
}

function signedAmount(amount: number): string {
  return amount > 0 ? `+${formatUsd(amount)}` : formatUsd(amount)
}

/**
 * The Transactions tab (spec 001 §3 Transaction): date, description, type, amount (payments negative),
 * status, and the receipt of the order behind an entry (`receipt`, the receipts feature, composed by the route).
 */
export function TransactionsTab({ receipt }: { receipt: (orderId: number) => ReactNode }) {
  const [page, setPage] = useState(1)
  const transactions = useTransactions(page)
  const data = transactions.data

  let body
  if (transactions.isError && !data) {
    body = (
      <ErrorPanel
        title={walletMessages.loadError(walletMessages.fetchFailed)}
        retryLabel={walletMessages.retry}
        onRetry={() => void transactions.refetch()}
      />
    )
  } else if (!data) {
    body =
      transactions.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your transactions" />
      ) : (
        <LoadingPanel label="Loading transactions..." />
      )
  } else if (data.count === 0) {
    body = (
      <EmptyState title="No transactions yet" message="Top-ups, payments, refunds and rewards appear here." />
    )
  } else {
    body = (
      <Stack gap="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={720} data-testid="transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Receipt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(entry.created_at)}</Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={TYPE_COLOURS[entry.transaction_type]}>
                      {entry.transaction_type}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={entry.amount < 0 ? 'red.4' : 'teal.4'}>
                      {signedAmount(entry.amount)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.status}</Text>
                  </Table.Td>
                  <Table.Td>{entry.order_id !== null ? receipt(entry.order_id) : null}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Pagination
          page={page}
          total={pageCount(data.count, WALLET_TRANSACTIONS_PAGE_SIZE)}
          onChange={setPage}
          label="Transaction pages"
        />
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Transactions
        </Title>
      </Group>
      {transactions.isError && data && (
        <CachedCopyNotice
          message={walletMessages.loadError(walletMessages.fetchFailed)}
          savedAt={transactions.dataUpdatedAt}
          onRetry={() => void transactions.refetch()}
        />
      )}
      {body}
    </Stack>
  )
}
