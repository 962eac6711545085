import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconCreditCard, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { pendingAppMessages } from '@/contract/apps'
import { useAppNavigation } from '@/components/app-link'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { paymentMessages } from '@/contract/payments'
import { ApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/session'
import { useCancelAppPayment } from '../api/cancel-app-payment'
import { forgetPendingPayment } from '../pending-payments'

/** Where a pending app's unpaid order is paid with the shared checkout. */
export const appPaymentPath = (appId: number) => `/manage-msg/${appId}/payment`

/**
 * A pending app whose gateway page was closed: 'Complete payment' pays the same order in the shared
 * checkout; 'Cancel payment' cancels that order (after a confirmation) and the app with it.
 */
export function PendingAppActions({ appId, name }: { appId: number; name: string }) {
  const navigation = useAppNavigation()
  const online = useOnline()
  const user = useCurrentUser()
  const cancel = useCancelAppPayment(appId)
  const [confirming, setConfirming] = useState(false)

  const confirmCancel = async () => {
    try {
      const answer = await cancel.mutateAsync()
      if (user) forgetPendingPayment(user.id, appId)
      setConfirming(false)
      toast.success(answer.message)
    } catch (failure) {
      toast.error(
        failure instanceof ApiError && failure.body ? failure.message : pendingAppMessages.cancelFailed,
      )
    }
  }

  return (
    <Stack gap="xs" data-testid="pending-app-actions">
      <Text size="sm" c="orange">
        {pendingAppMessages.waiting}
      </Text>
      <Group gap="sm">
        <Button
          component="a"
          href={appPaymentPath(appId)}
          onClick={navigation(appPaymentPath(appId))}
          leftSection={<IconCreditCard size={16} aria-hidden />}
        >
          {pendingAppMessages.completePayment}
        </Button>
        <Button
          variant="default"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
          disabled={!online}
          title={online ? undefined : paymentMessages.paymentsOffline}
        >
          {pendingAppMessages.cancelPayment}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={pendingAppMessages.cancelConfirmTitle}
      >
        <Stack gap="md">
          <Text size="sm">{pendingAppMessages.cancelConfirm(name)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              {pendingAppMessages.keepPayment}
            </Button>
            <Button color="red" onClick={() => void confirmCancel()} loading={cancel.isPending}>
              {pendingAppMessages.cancelPayment}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
