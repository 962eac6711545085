import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { appMessages, pendingAppMessages } from '@/contract/apps'
import { useAppNavigation } from '@/components/app-link'
import { OfflinePanel } from '@/components/offline-panel'
import { LoadingPanel } from '@/components/status-panels'
import { ApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useApp } from '../api/get-app'
import { rememberPendingPayment } from '../pending-payments'
import { AppNotFound } from './manage-app-page'

export interface AppOrderCheckoutProps {
  orderId: number
  /** Paymob/Fawry: the gateway page opened beside the app; the dashboard watches the payment again. */
  onGatewayOpened: () => void
}

/**
 * /manage-msg/{id}/payment: 'Complete payment' for an app whose gateway page was closed before paying.
 * The shared checkout (composed by the route) pays the app's existing order; nothing new is ordered.
 */
export function PendingAppPaymentPage({
  appId,
  checkout,
}: {
  appId: number
  checkout: (props: AppOrderCheckoutProps) => ReactNode
}) {
  const query = useApp(appId)
  const user = useCurrentUser()
  const navigation = useAppNavigation()
  useDocumentTitle(query.data ? pendingAppMessages.payTitle(query.data.name) : undefined)
  const manageHref = `/manage-msg/${appId}`

  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <AppNotFound
        message={notFound ? appMessages.notFound : query.error.message || appMessages.detailsFailed}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (!query.data) {
    return query.fetchStatus === 'paused' ? (
      <Container size="lg" py="xl">
        <OfflinePanel what="This app" />
      </Container>
    ) : (
      <LoadingPanel label="Loading app..." />
    )
  }
  const app = query.data
  const orderId = app.status === 'pending' ? app.pending_order_id : null
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Button
          component="a"
          href={manageHref}
          onClick={navigation(manageHref)}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          w="fit-content"
        >
          {app.name}
        </Button>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {pendingAppMessages.payTitle(app.name)}
          </Title>
          {orderId !== null && <Text c="dimmed">{pendingAppMessages.payLead}</Text>}
        </Stack>
        {orderId === null ? (
          <Alert color="blue" variant="light" role="status" data-testid="nothing-to-pay">
            {pendingAppMessages.notPending}
          </Alert>
        ) : (
          checkout({
            orderId,
            onGatewayOpened: () => {
              if (user) rememberPendingPayment(user.id, { appId: app.id, orderId, name: app.name })
            },
          })
        )}
      </Stack>
    </Container>
  )
}
