/**
 * Whether our server can be reached, as real requests tell it, not only `navigator.onLine`: a captive
 * portal or dead Wi-Fi says "online" and passes nothing. A request that gets no answer marks the
 * network unreachable; from then on a small request (`/healthz`) probes it every few seconds, and the
 * first answer brings the app back online (queued writes go, in every open tab). When the browser
 * reports a connection again, a probe confirms it before anything counts as online.
 */

import { platform } from '@/platform/current'
import { OFFLINE_COPY_STATUS } from '@/sw/messages'

/** How long a probe waits for an answer. */
export const PROBE_TIMEOUT_MS = 3000
/** How often an unreachable network is probed. */
export const PROBE_INTERVAL_MS = 3000

type Listener = () => void

export class Connectivity {
  private unreachable = false
  private readonly listeners = new Set<Listener>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private probing = false

  constructor(
    private readonly probeUrl: () => string,
    private readonly browserOnline: () => boolean = () => navigator.onLine,
  ) {}

  /** Whether requests to our server can be expected to get an answer. */
  online = (): boolean => this.browserOnline() && !this.unreachable

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  private set(unreachable: boolean) {
    const before = this.online()
    this.unreachable = unreachable
    if (unreachable) this.schedule()
    else if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (this.online() !== before) for (const listener of this.listeners) listener()
  }

  /** A request to our server got no answer (network error or timeout). */
  noAnswer() {
    if (!this.unreachable && this.browserOnline()) this.set(true)
  }

  /** A request to our server got an answer, whatever its status. */
  answered() {
    if (this.unreachable) this.set(false)
  }

  /** Follows the browser's online and offline events; `online` is confirmed by a probe first. */
  follow(target: Pick<Window, 'addEventListener'> = window) {
    target.addEventListener('offline', () => {
      for (const listener of this.listeners) listener()
    })
    target.addEventListener('online', () => {
      // Not online until a request is answered: hold it unreachable and probe at once.
      this.unreachable = true
      void this.probe()
    })
  }

  private schedule() {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.probe()
    }, PROBE_INTERVAL_MS)
  }

  /** Sends one small request; any answer means the server is reachable again. */
  async probe(): Promise<boolean> {
    if (this.probing) return false
    this.probing = true
    try {
      await fetch(this.probeUrl(), { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
      this.unreachable = true
      this.set(false)
      return true
    } catch {
      // While the browser says offline, its 'online' event starts the next probe.
      if (this.browserOnline()) this.set(true)
      else this.unreachable = true
      return false
    } finally {
      this.probing = false
    }
  }
}

/** Whether a failed request failed for want of an answer (not a refusal or an abort the page chose). */
export function isNoAnswer(error: unknown): boolean {
  if (error instanceof TypeError) return true
  return error instanceof DOMException && error.name === 'TimeoutError'
}

export const connectivity = new Connectivity(() => `${platform.apiBaseUrl}/healthz`)

/**
 * Whether this page was answered by the service worker's offline copy because the network gave no
 * answer in time (the worker marks that answer 203): the app starts offline instead of waiting again.
 */
export function startedFromOfflineCopy(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as
    (PerformanceNavigationTiming & { responseStatus?: number }) | undefined
  return entry?.responseStatus === OFFLINE_COPY_STATUS
}
