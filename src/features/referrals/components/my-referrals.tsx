import { Card, SimpleGrid, Stack, Text } from '@mantine/core'
import { referralMessages } from '@/contract/referrals'
import { CachedCopyNotice } from '@/components/cached-copy-notice'
import { OfflinePanel } from '@/components/offline-panel'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatUsd } from '@/lib/format'
import { useMyReferrals } from '../api/get-my-referrals'
import { useReferralStats } from '../api/get-stats'
import { ReferralList } from './referral-list'

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  )
}

/** 'My Referrals' (dialog) and the wallet's Referrals tab: the programme's figures and the referral list. */
export function MyReferrals() {
  const referrals = useMyReferrals()
  const stats = useReferralStats()
  let body
  if (referrals.isError && !referrals.data) {
    body = (
      <ErrorPanel
        title="Error Loading Referrals"
        message={referralMessages.loadFailed}
        retryLabel="Retry"
        onRetry={() => void referrals.refetch()}
      />
    )
  } else if (!referrals.data) {
    body =
      referrals.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your referrals" />
      ) : (
        <LoadingPanel label="Loading referrals..." />
      )
  } else if (referrals.data.results.length === 0) {
    body = <EmptyState title="No referrals yet" message="Invite a friend with your code or by e-mail." />
  } else {
    body = <ReferralList referrals={referrals.data.results} />
  }
  return (
    <Stack gap="md">
      {stats.data && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="referral-stats">
          <Stat label="Total referrals" value={String(stats.data.total_referrals)} />
          <Stat label="Completed" value={String(stats.data.completed_referrals)} />
          <Stat label="Rewards earned" value={formatUsd(stats.data.total_rewards)} />
          <Stat label="Pending rewards" value={formatUsd(stats.data.pending_rewards)} />
        </SimpleGrid>
      )}
      {referrals.isError && referrals.data && (
        <CachedCopyNotice
          message={referralMessages.loadFailed}
          savedAt={referrals.dataUpdatedAt}
          onRetry={() => void referrals.refetch()}
        />
      )}
      {body}
    </Stack>
  )
}
