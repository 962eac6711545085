import type { FastifyBaseLogger } from 'fastify'

/** Socket-level failures: the database host refused, dropped or never answered the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL states that mean "not now" rather than "bad query": connection exceptions (class 08), the
 * server shutting down, crashing or still starting up (57P01-57P03), and no connection slot left (53300).
 */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/

/** What the drivers say when their connection is gone (node-postgres, pg-pool, PGlite). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'PGlite is closed',
]

/** Whether an error (or what caused it, as drizzle wraps driver errors) means the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text)))
    return true
  // A host name with several addresses fails with one error per address.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true
  return isDatabaseUnreachable(cause, depth + 1)
}

/**
 * Tracks one outage at a time: the first failure is logged, the rest of the outage is not (every request
 * during it fails the same way), and a probe logs the recovery once the database answers again.
 */
export class DatabaseOutage {
  private since: number | null = null
  private probe: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly probeEveryMs = 1_000,
  ) {}

  /** Whether the database is currently known to be unreachable. */
  get down(): boolean {
    return this.since !== null
  }

  report(error: unknown): void {
    if (this.since !== null || this.closed) return
    this.since = Date.now()
    this.log.error({ err: error }, 'database unreachable: API requests answer 503 until it is back')
    this.scheduleProbe()
  }

  close(): void {
    this.closed = true
    if (this.probe) clearTimeout(this.probe)
  }

  private scheduleProbe() {
    this.probe = setTimeout(() => void this.runProbe(), this.probeEveryMs)
    this.probe.unref()
  }

  private async runProbe() {
    try {
      await this.ping()
    } catch {
      if (!this.closed) this.scheduleProbe()
      return
    }
    const downMs = Date.now() - (this.since ?? Date.now())
    this.since = null
    this.log.info({ downMs }, 'database reachable again')
  }
}
