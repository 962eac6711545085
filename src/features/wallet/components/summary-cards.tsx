import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import { IconClockDollar, IconGift, IconWallet } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { Wallet } from '@/contract/wallet'
import { formatDate, formatUsd } from '@/lib/format'

function SummaryCard({
  label,
  value,
  icon,
  note,
  children,
}: {
  label: string
  value: string
  icon: ReactNode
  note: string
  children?: ReactNode
}) {
  return (
    <Card withBorder padding="lg" data-testid={`wallet-${label}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {note}
          </Text>
          {children}
        </div>
        <ThemeIcon variant="light" size={44} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  )
}

/** The three summary cards (spec 001 §2): available balance (USD), referral earnings, pending rewards. */
export function SummaryCards({ wallet }: { wallet: Wallet }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <SummaryCard
        label="Available Balance"
        value={formatUsd(wallet.balance)}
        note="USD"
        icon={<IconWallet size={22} aria-hidden />}
      />
      <SummaryCard
        label="Referral Earnings"
        value={formatUsd(wallet.referral_earnings)}
        note={`${wallet.referral_stats.completed_referrals} completed referrals`}
        icon={<IconGift size={22} aria-hidden />}
      />
      <SummaryCard
        label="Pending Rewards"
        value={formatUsd(wallet.referral_stats.pending_rewards)}
        note={`${wallet.referral_stats.pending_referrals} pending referrals`}
        icon={<IconClockDollar size={22} aria-hidden />}
      >
        {wallet.referral_stats.pending_reward_items.length > 0 && (
          <ul aria-label="Rewards on hold" style={{ margin: '8px 0 0', paddingLeft: 16 }}>
            {wallet.referral_stats.pending_reward_items.map((item) => (
              <li key={item.referral_id}>
                <Text size="xs">
                  {formatUsd(item.amount)} for {item.friend}, available {formatDate(item.available_at)}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </SummaryCard>
    </SimpleGrid>
  )
}
