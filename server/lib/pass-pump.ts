/**
 * Runs batched passes over a table that is its own queue (messages to deliver, gateway events to
 * apply) in this instance, soon after work is added, without a job per item: a pass starts `gatherMs`
 * after the first kick, so work added meanwhile shares its batch, and kicks that arrive while a pass
 * runs are folded into one more pass. Only a shortcut: the table is the durable record, and a scheduled
 * sweep on the job queue (any instance) does whatever this misses (a crash, another instance's work).
 */
export class PassPump {
  private running: Promise<void> | null = null
  private again = false
  private stopped = false

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly gatherMs = 100,
  ) {}

  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = (async () => {
      do {
        this.again = false
        await new Promise((resolve) => setTimeout(resolve, this.gatherMs))
        if (this.stopped) break
        try {
          await this.pass()
        } catch (error) {
          this.onError(error)
        }
      } while (this.again && !this.stopped)
    })().finally(() => {
      this.running = null
    })
  }

  /**
   * Resolves once no pass is running or due in this instance: everything kicked before the call has been
   * through a pass (what this instance's own callers wait for, like the sandbox's hosted pages).
   */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  /** Stops kicking and waits for the running pass (the database must still be open). */
  async stop(): Promise<void> {
    this.stopped = true
    await this.running
  }
}
