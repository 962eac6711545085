import { PassPump } from '../../lib/pass-pump'
import { applyPendingEvents, type PaymentDeps } from './service'

/** How long a pass waits after the first kick, so notifications arriving meanwhile share its batch. */
const GATHER_MS = 10

/**
 * Applies recorded gateway notifications in this instance soon after the webhook answered: the webhook
 * kicks, a pass starts shortly after, and kicks during a pass fold into one more pass. Only a shortcut:
 * the `gateway_events` rows are the durable record, and the job queue's sweep (every minute, any
 * instance) applies what this misses (a crash between the answer and the pass, another instance).
 */
export class PaymentEvents {
  private readonly pump: PassPump

  constructor(deps: PaymentDeps) {
    this.pump = new PassPump(
      async () => void (await applyPendingEvents(deps)),
      (error) => deps.log.error({ err: error }, 'payment notification pass failed; the sweep will retry'),
      GATHER_MS,
    )
  }

  /** A notification was recorded: apply it soon. */
  kick(): void {
    this.pump.kick()
  }

  /** Resolves once this instance has applied everything recorded before the call. */
  idle(): Promise<void> {
    return this.pump.idle()
  }

  /** Stops passes (the running one finishes); the database must still be open. */
  stop(): Promise<void> {
    return this.pump.stop()
  }
}
