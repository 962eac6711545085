import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core'
import { IconCopy, IconShare } from '@tabler/icons-react'
import { useMyCode } from '../api/get-my-code'
import { copyReferralCode, shareReferral } from '../referral-share'

/**
 * The referral code card (spec 001 §2 Wallet) with copy and share. Loading the code fails silently
 * (spec 001 §7): the card shows only once there is a code.
 */
export function ReferralCodeCard() {
  const code = useMyCode()
  if (!code.data) return null
  const { code: value, share_url: link } = code.data
  return (
    <Card withBorder padding="lg" data-testid="referral-code-card">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            Your referral code
          </Title>
          <Text size="sm" c="dimmed">
            Invite friends: when a friend you referred makes a first purchase, you both earn a reward.
          </Text>
          <Code fz="lg" data-testid="referral-code">
            {value}
          </Code>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => void copyReferralCode(value)}
          >
            Copy
          </Button>
          <Button
            leftSection={<IconShare size={16} aria-hidden />}
            onClick={() => void shareReferral(value, link)}
          >
            Share
          </Button>
        </Group>
      </Group>
    </Card>
  )
}
