import { Button, Card, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconArrowLeft, IconHome, IconLayoutDashboard, IconMessageCircle, IconX } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { paymentResultTexts } from '../result-texts'
import { OrderFacts } from './order-facts'
import { SupportContacts } from './support-contacts'
import { useResultOrder } from '../use-result-order'

/** /payment/fail[/{orderId}] (spec 002 §2.10): causes, the order is kept, ways on and support contacts. */
export function PaymentFailPage({ orderId }: { orderId: number | undefined }) {
  const order = useResultOrder(orderId, 'fail')
  useDocumentTitle(paymentResultTexts.failTitle)
  return (
    <Container size="sm" py={64}>
      <Card padding="xl">
        <Stack align="center" gap="lg" ta="center">
          <ThemeIcon color="red" size={72} radius="xl" variant="light">
            <IconX size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1}>{paymentResultTexts.failTitle}</Title>
          <Text c="dimmed">{paymentResultTexts.failLead}</Text>
          {order.order && <OrderFacts order={order.order} />}
          <Stack gap="xs" align="flex-start" ta="left" w="100%">
            <Text fw={600}>{paymentResultTexts.causesTitle}</Text>
            <List size="sm" spacing={4}>
              {paymentResultTexts.causes.map((cause) => (
                <List.Item key={cause}>{cause}</List.Item>
              ))}
            </List>
          </Stack>
          <Text size="sm" c="dimmed" data-testid="order-saved-note">
            {paymentResultTexts.orderSaved}
          </Text>
          <Group justify="center" gap="sm" wrap="wrap">
            <Button
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => window.history.back()}
            >
              Try Again
            </Button>
            <Button
              component={Link}
              to="/dashboard"
              variant="default"
              leftSection={<IconLayoutDashboard size={16} aria-hidden />}
            >
              Go to Dashboard
            </Button>
            <Button
              component={Link}
              to="/"
              variant="default"
              leftSection={<IconHome size={16} aria-hidden />}
            >
              Return to Home
            </Button>
          </Group>
          <Stack gap="xs" align="center">
            <Text size="sm" fw={600}>
              {paymentResultTexts.needHelp}
            </Text>
            <SupportContacts withPhone />
            <Button
              component={Link}
              to="/contact"
              variant="light"
              size="xs"
              leftSection={<IconMessageCircle size={14} aria-hidden />}
            >
              Live Chat
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Container>
  )
}
