import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutationState, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { supportMessages } from '@/contract/support'
import { useOnline } from '@/components/use-online'
import { ADD_COMMENT_KEY } from '../api/comment-key'
import { retryNow } from '../api/comment-queue'

/**
 * Logging out with comments not delivered yet: the user sends them first (online) or discards them;
 * logging out removes them from this device either way. Loaded only when there are some.
 */
export default function UnsentWritesDialog({
  onLogout,
  onCancel,
}: {
  onLogout: () => void
  onCancel: () => void
}) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const unsent = useMutationState({
    filters: { mutationKey: ADD_COMMENT_KEY, status: 'pending' },
    select: (mutation) => mutation.mutationId,
  }).length
  const [sending, setSending] = useState(false)
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    if (!sending || unsent > 0 || leaving) return
    setLeaving(true)
    onLogout()
  }, [sending, unsent, leaving, onLogout])

  return (
    <Modal opened onClose={onCancel} title={supportMessages.unsentOnLogoutTitle} centered>
      <Stack gap="md">
        <Text size="sm">{supportMessages.unsentOnLogout(Math.max(unsent, 1))}</Text>
        {!online && (
          <Text size="sm" c="dimmed">
            {supportMessages.unsentOnLogoutOffline}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={leaving}
            onClick={() => {
              setLeaving(true)
              onLogout()
            }}
          >
            {supportMessages.discardAndLogout}
          </Button>
          <Button
            disabled={!online || leaving}
            loading={sending && !leaving}
            onClick={() => {
              setSending(true)
              retryNow()
              void queryClient.resumePausedMutations()
            }}
          >
            {supportMessages.sendThenLogout}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
