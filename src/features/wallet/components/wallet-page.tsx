import { Container, Group, Stack, Tabs, Title } from '@mantine/core'
import { IconCreditCard, IconReceipt, IconUsers } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { walletMessages } from '@/contract/wallet'
import { CachedCopyNotice } from '@/components/cached-copy-notice'
import { OfflinePanel } from '@/components/offline-panel'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useWallet } from '../api/get-wallet'
import { WALLET_TABS, type WalletTab } from '../tabs'
import { SummaryCards } from './summary-cards'
import { TransactionsTab } from './transactions-tab'

interface WalletPageProps {
  tab: WalletTab
  onTabChange: (tab: WalletTab) => void
  /** 'Add Funds' and its checkout (the payments feature). */
  addFunds: ReactNode
  /** The link to the billing history (issue 24), composed by the route. */
  billingHistory?: ReactNode
  /** The referral code card with copy and share (the referrals feature). */
  referralCode: ReactNode
  /** The Referrals tab (the referrals feature). */
  referrals: ReactNode
  /** The Saved Cards tab (the payments feature). */
  savedCards: ReactNode
  /** An order's receipt download (the receipts feature), beside the transactions that have one. */
  receipt: (orderId: number) => ReactNode
}

/**
 * /wallet, 'Client Wallet' (spec 001 §2): summary cards, the referral code card and the Transactions,
 * Referrals and Saved Cards tabs. A failed load shows the error; a copy saved earlier is shown
 * under it, labelled as cached, never sample data.
 */
export function WalletPage({
  tab,
  onTabChange,
  addFunds,
  billingHistory,
  referralCode,
  referrals,
  savedCards,
  receipt,
}: WalletPageProps) {
  const wallet = useWallet()
  const failure = walletMessages.loadError(walletMessages.fetchFailed)
  let summary
  if (wallet.isError && !wallet.data) {
    summary = (
      <ErrorPanel title={failure} retryLabel={walletMessages.retry} onRetry={() => void wallet.refetch()} />
    )
  } else if (!wallet.data) {
    summary =
      wallet.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your wallet" />
      ) : (
        <LoadingPanel label="Loading wallet..." />
      )
  } else {
    summary = (
      <Stack gap="md">
        {wallet.isError && (
          <CachedCopyNotice
            message={failure}
            savedAt={wallet.dataUpdatedAt}
            onRetry={() => void wallet.refetch()}
          />
        )}
        <SummaryCards wallet={wallet.data} />
      </Stack>
    )
  }
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="center">
          <Title order={1}>{walletMessages.title}</Title>
          <Group gap="xs">
            {billingHistory}
            {addFunds}
          </Group>
        </Group>
        {summary}
        {referralCode}
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = WALLET_TABS.find((t) => t === value)
            if (next) onTabChange(next)
          }}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="transactions" leftSection={<IconReceipt size={16} aria-hidden />}>
              Transactions
            </Tabs.Tab>
            <Tabs.Tab value="referrals" leftSection={<IconUsers size={16} aria-hidden />}>
              Referrals
            </Tabs.Tab>
            <Tabs.Tab value="cards" leftSection={<IconCreditCard size={16} aria-hidden />}>
              Saved Cards
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="transactions">
            <TransactionsTab receipt={receipt} />
          </Tabs.Panel>
          <Tabs.Panel value="referrals">{referrals}</Tabs.Panel>
          <Tabs.Panel value="cards">{savedCards}</Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}
