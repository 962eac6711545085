import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { pendingAppMessages, wizardMessages } from '@/contract/apps'
import { useAppNavigation } from '@/components/app-link'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/session'
import { appQueryOptions } from '../api/get-app'
import { appPaymentPath } from './pending-app-actions'
import { forgetPendingPayment, pendingAppPayments, type PendingAppPayment } from '../pending-payments'

/** How often an app waiting for its gateway's confirmation is asked about. */
export const PENDING_APP_POLL_MS = 5000

/**
 * The dashboard's watch over the apps whose Paymob/Fawry payment was left pending in the wizard (spec
 * 001 §4): each is asked about until the gateway's confirmation has activated it, then a toast says so.
 */
export function PendingAppPayments() {
  const user = useCurrentUser()
  const userId = user?.id ?? null
  const queryClient = useQueryClient()
  const navigation = useAppNavigation()
  const [entries, setEntries] = useState<PendingAppPayment[]>(() =>
    userId === null ? [] : pendingAppPayments(userId),
  )
  useEffect(() => setEntries(userId === null ? [] : pendingAppPayments(userId)), [userId])

  const apps = useQueries({
    queries: entries.map((entry) => ({
      ...appQueryOptions(entry.appId),
      staleTime: 0,
      refetchInterval: (query: { state: { data?: { status: string } } }) =>
        query.state.data && query.state.data.status !== 'pending' ? false : PENDING_APP_POLL_MS,
    })),
  })
  const outcomes = entries.map((entry, index) => {
    const app = apps[index]
    if (app?.data && app.data.status !== 'pending') return { entry, done: app.data.status }
    // Not this account's app (or deleted): nothing to watch.
    if (app?.error instanceof ApiError && app.error.status === 404) return { entry, done: 'gone' }
    return { entry, done: null }
  })
  const finishedKey = outcomes
    .filter((o) => o.done !== null)
    .map((o) => `${o.entry.appId}:${o.done}`)
    .join(',')

  useEffect(() => {
    if (userId === null || finishedKey === '') return
    for (const item of finishedKey.split(',')) {
      const [appId = '', done = ''] = item.split(':')
      const entry = entries.find((e) => e.appId === Number(appId))
      forgetPendingPayment(userId, Number(appId))
      if (entry && done === 'active') toast.success(wizardMessages.appActivated(entry.name), 5000)
    }
    setEntries(pendingAppPayments(userId))
    void queryClient.invalidateQueries({ queryKey: ['portal', 'apps'] })
    void queryClient.invalidateQueries({ queryKey: ['portal', 'overview'] })
  }, [finishedKey, entries, userId, queryClient])

  const waiting = outcomes.filter((o) => o.done === null)
  if (waiting.length === 0) return null
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="pending-app-payments">
      <Stack gap={4}>
        {waiting.map(({ entry }) => (
          <Text key={entry.appId} size="sm">
            {wizardMessages.paymentAwaited(entry.name)}{' '}
            <Anchor
              href={appPaymentPath(entry.appId)}
              onClick={navigation(appPaymentPath(entry.appId))}
              size="sm"
            >
              {pendingAppMessages.completePayment}
            </Anchor>{' '}
            ·{' '}
            <Anchor
              href={`/manage-msg/${entry.appId}`}
              onClick={navigation(`/manage-msg/${entry.appId}`)}
              size="sm"
            >
              Manage
            </Anchor>
          </Text>
        ))}
      </Stack>
    </Alert>
  )
}
