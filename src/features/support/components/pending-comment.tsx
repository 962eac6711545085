import { Badge, Button, Group, Paper, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { supportMessages } from '@/contract/support'
import type { UnsentComment } from '../api/add-comment'
import { discardComment, retryComment, retryStateOf, subscribeRetries } from '../api/comment-queue'

const retryClock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })

/** A comment not delivered yet and its state: pending, retrying at a time (with why), or failed (with why). */
export function PendingComment({ input, failed }: UnsentComment) {
  const queryClient = useQueryClient()
  const retry = useSyncExternalStore(subscribeRetries, () => retryStateOf(input.client_ref))
  const state = failed
    ? supportMessages.commentRefused(failed)
    : retry
      ? supportMessages.commentRetrying(retryClock.format(retry.at), retry.reason)
      : null
  return (
    <Paper p="sm" bg="dark.6" style={{ opacity: 0.75 }} data-testid="pending-comment">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          You
        </Text>
        <Badge size="xs" color={failed ? 'red' : 'yellow'} variant="light">
          {failed ? supportMessages.failed : retry ? supportMessages.retrying : supportMessages.pending}
        </Badge>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {input.content}
      </Text>
      {state && (
        <Text size="xs" c={failed ? 'red.4' : 'dimmed'} mt={4} data-testid="pending-comment-state">
          {state}
        </Text>
      )}
      {(failed || retry) && (
        <Group gap="xs" mt={6} justify="flex-end">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => retryComment(queryClient, input.client_ref)}
            aria-label={`Retry sending "${input.content.slice(0, 40)}"`}
          >
            Retry
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => discardComment(queryClient, input.client_ref)}
            aria-label={`Discard "${input.content.slice(0, 40)}"`}
          >
            Discard
          </Button>
        </Group>
      )}
    </Paper>
  )
}
