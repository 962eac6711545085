import { Badge, Card, Group, ScrollArea, Stack, Text } from '@mantine/core'
import type { Referral, ReferralStatus } from '@/contract/referrals'
import { formatDate } from '@/lib/format'

const STATUS_COLOURS: Record<ReferralStatus, string> = {
  pending: 'yellow',
  registered: 'blue',
  completed: 'teal',
  rewarded: 'green',
  expired: 'gray',
  cancelled: 'red',
}

/** The spec's list height: it scrolls beyond 400 px. */
export const REFERRAL_LIST_HEIGHT = 400

function friendName(referral: Referral): string | null {
  const user = referral.referred_user
  return user ? `${user.first_name} ${user.last_name}`.trim() || null : null
}

/** A client's referrals: who, status, invited and registered dates; scrolls at 400 px (spec 001 §2). */
export function ReferralList({ referrals }: { referrals: readonly Referral[] }) {
  return (
    <ScrollArea.Autosize mah={REFERRAL_LIST_HEIGHT} type="auto" data-testid="referral-list">
      <Stack gap="xs" pr="sm">
        {referrals.map((referral) => (
          <Card key={referral.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600} size="sm">
                  {friendName(referral) ?? referral.referred_email}
                </Text>
                {friendName(referral) && (
                  <Text size="xs" c="dimmed">
                    {referral.referred_email}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  Invited {formatDate(referral.created_at)}
                  {referral.registered_at ? ` · Registered ${formatDate(referral.registered_at)}` : ''}
                </Text>
              </div>
              <Badge variant="light" color={STATUS_COLOURS[referral.status]}>
                {referral.status}
              </Badge>
            </Group>
          </Card>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  )
}
