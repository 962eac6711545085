import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core'
import { createFileRoute, Link } from '@tanstack/react-router'
import { billingMessages } from '@/contract/billing'
import { readRecordId } from '@/contract/ids'
import { PAYABLE_ORDER_STATUSES, paymentMessages } from '@/contract/payments'
import { BackLink } from '@/components/back-link'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useOrder } from '@/features/payments/api/get-order'
import { Checkout } from '@/features/payments/components/checkout'
import { useCheckoutDocument } from '@/features/payments/use-checkout-document'
import { useWalletBalance } from '../-wallet-balance'

/**
 * /billing/{id}/pay: 'Complete payment' of an unpaid order from the billing history, in the shared checkout
 * (the wallet offered when it covers the total). Each payment is a new attempt on this same order.
 */
export const Route = createFileRoute('/_portal/billing_/$id_/pay')({
  component: function CompletePaymentRoute() {
    const { id } = Route.useParams()
    useCheckoutDocument()
    const orderId = readRecordId(id) ?? 0
    const order = useOrder(orderId)
    const walletBalance = useWalletBalance()
    let body
    if (order.isError && !order.data) {
      body = (
        <ErrorPanel
          title={paymentMessages.initializeFailed}
          message={paymentMessages.orderDataNotFound}
          onRetry={() => void order.refetch()}
        />
      )
    } else if (!order.data) {
      body = <LoadingPanel label={paymentMessages.preparingForm} />
    } else if (!PAYABLE_ORDER_STATUSES.includes(order.data.status)) {
      body = (
        <Alert color="blue" variant="light" title={paymentMessages.notPayable}>
          <Button
            renderRoot={(props) => <Link to="/billing/$id" params={{ id: String(orderId) }} {...props} />}
            variant="light"
            mt="sm"
          >
            View the order
          </Button>
        </Alert>
      )
    } else {
      body = (
        <Checkout
          order={order.data}
          lines={[{ label: order.data.description, amount: order.data.amount }]}
          walletBalance={walletBalance}
        />
      )
    }
    return (
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <BackLink to="/billing">Back to billing history</BackLink>
          <Stack gap={4}>
            <Title order={1}>{billingMessages.completePayment}</Title>
            {order.data && (
              <Text c="dimmed">
                Order #{order.data.id} · {order.data.description}
              </Text>
            )}
          </Stack>
          {body}
        </Stack>
      </Container>
    )
  },
})
