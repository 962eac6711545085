import { Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconFileText, IconLayoutDashboard } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { CARD_SUCCESS_REDIRECT_MS, wizardMessages } from '@/contract/apps'
import { paymentMessages } from '@/contract/payments'
import { ErrorPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useDocumentTitle } from '@/lib/use-document-title'
import { paymentResultTexts } from '../result-texts'
import { Confetti } from './confetti'
import { OrderFacts } from './order-facts'
import { SupportContacts } from './support-contacts'
import { useResultOrder } from '../use-result-order'

/**
 * /payment/success[/{orderId}] and /payment-success?order_id= (spec 002 §2.10). With an order the
 * page shows what the server knows: it waits while the gateway's confirmation is pending.
 */
export function PaymentSuccessPage({
  orderId,
  receipt,
}: {
  orderId: number | undefined
  /** The paid order's receipt download (the receipts feature), composed by the route. */
  receipt: (orderId: number) => ReactNode
}) {
  const order = useResultOrder(orderId, 'success')
  useDocumentTitle(
    order.state === 'missing'
      ? paymentMessages.orderDataNotFound
      : order.state === 'paid'
        ? paymentResultTexts.successTitle
        : paymentResultTexts.pendingTitle,
  )
  const navigate = useNavigate()
  const appCreated = order.state === 'paid' && order.order?.kind === 'app_package'
  // Spec 001 §4: once the app's payment is confirmed the app exists, and 2 s later the dashboard shows.
  useEffect(() => {
    if (!appCreated) return
    toast.success(wizardMessages.created)
    const timer = window.setTimeout(() => void navigate({ to: '/dashboard' }), CARD_SUCCESS_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [appCreated, navigate])
  if (order.state === 'missing') {
    return (
      <Container size="sm" py={64}>
        <ErrorPanel
          title={paymentMessages.orderDataNotFound}
          message={paymentResultTexts.missingLead}
          retryLabel="Go to Dashboard"
          onRetry={() => void navigate({ to: '/dashboard' })}
        >
          <SupportContacts />
        </ErrorPanel>
      </Container>
    )
  }
  if (order.state === 'pending' || order.state === 'failed') {
    return (
      <Container size="sm" py={64}>
        <Card padding="xl">
          <Stack align="center" gap="md" ta="center" role="status">
            <Loader size="lg" />
            <Title order={1} size="h2">
              {paymentResultTexts.pendingTitle}
            </Title>
            <Text c="dimmed">{paymentResultTexts.pendingLead}</Text>
            {order.order && <OrderFacts order={order.order} />}
            <SupportContacts />
          </Stack>
        </Card>
      </Container>
    )
  }
  return (
    <Container size="sm" py={64}>
      <Confetti />
      <Card padding="xl">
        <Stack align="center" gap="lg" ta="center">
          <ThemeIcon color="teal" size={72} radius="xl" variant="light">
            <IconCheck size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1}>{paymentResultTexts.successTitle}</Title>
          <Text c="dimmed">{paymentResultTexts.successLead}</Text>
          {appCreated && (
            <Text fw={600} role="status" data-testid="app-created">
              {wizardMessages.created}
            </Text>
          )}
          {order.order && <OrderFacts order={order.order} />}
          {order.order && order.state === 'paid' && receipt(order.order.id)}
          <Stack gap="sm" w="100%" ta="left" data-testid="payment-confirmations">
            {paymentResultTexts.confirmations.map((item) => (
              <Group key={item.title} gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon color="teal" radius="xl" size={28} variant="light">
                  <IconCheck size={16} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{item.title}</Text>
                  <Text size="sm" c="dimmed">
                    {item.text}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
          <Group justify="center" gap="sm" wrap="wrap">
            <Button
              component={Link}
              to="/dashboard"
              leftSection={<IconLayoutDashboard size={16} aria-hidden />}
            >
              Go to Dashboard
            </Button>
            <Button
              component={Link}
              to={order.detailsPath}
              variant="default"
              leftSection={<IconFileText size={16} aria-hidden />}
            >
              View Order Details
            </Button>
          </Group>
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed">
              {paymentResultTexts.questions}
            </Text>
            <SupportContacts />
          </Stack>
        </Stack>
      </Card>
    </Container>
  )
}
