import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { Order } from '@/contract/payments'
import { session as currentSession, useSession } from '@/lib/session'
import { isAwaitingConfirmation, useOrder } from './api/get-order'

export type ResultState =
  /** No order to ask about (no id, or nobody signed in): the page as the spec draws it. */
  | 'unknown'
  /** Waiting for the gateway's confirmation (or for the first answer). */
  | 'pending'
  | 'paid'
  | 'failed'
  /** The server does not know this order for this client. */
  | 'missing'

export interface ResultOrder {
  state: ResultState
  order: Order | null
  /** 'View Order Details': the wallet for top-ups (their transaction and receipt), else the home page. */
  detailsPath: '/wallet' | '/'
}

/** The cached data a paid order can change. */
const PAID_ORDER_CHANGES = [['wallet'], ['payments', 'saved-cards'], ['portal'], ['domains'], ['referrals']]

function stateOf(order: Order): ResultState {
  if (isAwaitingConfirmation(order)) return 'pending'
  if (order.status === 'paid' || order.status === 'refunded') return 'paid'
  return 'failed'
}

/**
 * The real status of the order a result page is about, polled while pending. A success page whose
 * order failed moves to the failure page, and the other way round, so a page never contradicts the server.
 */
export function useResultOrder(orderId: number | undefined, page: 'success' | 'fail'): ResultOrder {
  const session = useSession()
  // While the session is still being checked at start, a stored access token is enough to ask.
  const canAsk =
    session.status === 'signed-in' || (session.status === 'checking' && currentSession.accessToken() !== null)
  const query = useOrder(orderId, canAsk)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const order = query.data ?? null
  let state: ResultState
  if (orderId === undefined || !canAsk) state = 'unknown'
  else if (order) state = stateOf(order)
  else if (query.isError) state = 'missing'
  else state = 'pending'

  useEffect(() => {
    if (orderId === undefined) return
    if (page === 'success' && state === 'failed') {
      void navigate({ to: '/payment/fail/$orderId', params: { orderId: String(orderId) }, replace: true })
    }
    if (page === 'fail' && state === 'paid') {
      void navigate({ to: '/payment/success/$orderId', params: { orderId: String(orderId) }, replace: true })
    }
  }, [navigate, orderId, page, state])

  // A paid order changed what the client's other screens show (balance, transactions, cards saved while
  // paying, apps, domains, referral rewards): their cached copies are asked again.
  useEffect(() => {
    if (state !== 'paid') return
    for (const queryKey of PAID_ORDER_CHANGES) void queryClient.invalidateQueries({ queryKey })
  }, [state, queryClient])

  return { state, order, detailsPath: order?.kind === 'wallet_topup' ? '/wallet' : '/' }
}
