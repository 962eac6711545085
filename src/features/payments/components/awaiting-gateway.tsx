import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isAwaitingConfirmation, useOrder } from '../api/get-order'
import { openGatewayPage } from '../gateway-return'

export const AWAITING_TEXTS = {
  title: 'Complete the payment in your browser',
  lead: 'The payment page opened in your browser. This window moves on by itself as soon as the payment provider confirms the payment.',
  reopen: 'Open the payment page again',
} as const

/**
 * Desktop checkout (ARCHITECTURE §7): the gateway page is in the system browser; independent of the
 * cypher:// link that may bring the user back, the order is polled until the server has the
 * gateway's confirmation, then the result page shows.
 */
export function AwaitingGateway({ orderId, url }: { orderId: number; url: string }) {
  const order = useOrder(orderId)
  const navigate = useNavigate()
  const data = order.data
  useEffect(() => {
    if (!data || isAwaitingConfirmation(data)) return
    const params = { orderId: String(orderId) }
    if (data.status === 'paid' || data.status === 'refunded') {
      void navigate({ to: '/payment/success/$orderId', params })
    } else {
      void navigate({ to: '/payment/fail/$orderId', params })
    }
  }, [data, navigate, orderId])
  return (
    <Card withBorder padding="xl" data-testid="awaiting-gateway">
      <Stack align="center" ta="center" gap="sm" role="status">
        <Loader />
        <Title order={3} size="h4">
          {AWAITING_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {AWAITING_TEXTS.lead}
        </Text>
        <Button
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          onClick={() => void openGatewayPage(url)}
        >
          {AWAITING_TEXTS.reopen}
        </Button>
      </Stack>
    </Card>
  )
}
