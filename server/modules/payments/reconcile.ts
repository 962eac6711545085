import * as repo from './repository'
import { retryStaleExtraRefunds } from './extra-payments'
import { recordNotification, type PaymentDeps } from './service'

/*
 * Reconciliation (issue 24): a checkout whose notification never came (lost, or never sent: Paymob
 * calls back only on success or decline, Fawry publishes no retry policy) is asked about at its
 * gateway (Stripe: the PaymentIntent; Paymob: transaction inquiry by its order; Fawry: status query;
 * the sandbox: what it recorded). The answer is recorded exactly as its notification would be, with
 * the same event id, so whichever of the two comes second is a duplicate, and the same passes apply it.
 */

export const RECONCILE_QUEUE = 'payments-reconcile'
/** Checkouts older than this are no longer asked about. */
export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60_000
/** The longest wait between two questions about one checkout. */
const MAX_INTERVAL_MS = 6 * 60 * 60_000
const BATCH = 50

/** After `checks` questions, the wait before the next: the configured delay, doubling, at most 6 hours. */
export function nextCheckDelayMs(afterSeconds: number, checks: number): number {
  return Math.min(afterSeconds * 1000 * 2 ** Math.min(checks, 20), MAX_INTERVAL_MS)
}

/** One run: asks about every due open checkout; answers how many answers were recorded as new events. */
export async function reconcileCheckouts(deps: PaymentDeps, now = new Date()): Promise<number> {
  const createdAfter = new Date(now.getTime() - RECONCILE_WINDOW_MS)
  const due = await repo.dueCheckouts(deps.db, now, createdAfter, BATCH)
  let recorded = 0
  for (const attempt of due) {
    const next = new Date(
      now.getTime() + nextCheckDelayMs(deps.config.payments.reconcileAfterSeconds, attempt.checks),
    )
    // Claimed first: another instance's run skips it until `next`.
    const claimed = await repo.claimCheck(deps.db, attempt.id, now, next)
    if (!claimed) continue
    try {
      const answer = await deps.payments
        .gateway(attempt.gateway)
        .checkStatus(attempt.gatewayRef, attempt.sessionRef)
      if (answer.type === 'payment' && answer.outcome === 'pending') continue
      if ((await recordNotification(deps, attempt.gateway, answer)) === 'recorded') recorded++
    } catch (error) {
      deps.log.warn(
        { err: error, gateway: attempt.gateway, gatewayRef: attempt.gatewayRef },
        'asking a gateway how a checkout stands failed; asking again later',
      )
    }
  }
  if (recorded > 0) deps.kick?.()
  await retryStaleExtraRefunds(deps, now)
  return recorded
}

/**
 * The queue's run: reconciles, then asks the queue to run again when the next check is due within the
 * minute (the every-minute schedule covers the rest), so a short delay is honoured on time.
 */
export async function reconcileJob(deps: PaymentDeps): Promise<void> {
  await reconcileCheckouts(deps)
  const next = await repo.nextDueCheck(deps.db, new Date(Date.now() - RECONCILE_WINDOW_MS))
  if (!next) return
  const inSeconds = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000))
  if (inSeconds >= 60) return
  try {
    await deps.jobs.send(
      RECONCILE_QUEUE,
      {},
      { singletonKey: 'reconcile-soon', startAfterSeconds: inSeconds },
    )
  } catch (error) {
    deps.log.warn({ err: error }, 'could not schedule the next reconciliation; the schedule will run it')
  }
}
