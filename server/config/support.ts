import { z } from 'zod'
import { parsedWith } from './values'
import { parseResponseTargets } from '../lib/response-targets'

/** Support: how long the team has to answer a ticket of each priority. */
export const supportEnv = z.object({
  /** Ticket response targets per priority, e.g. "urgent=4h,high=1bd,medium=3bd,low=5bd". */
  SUPPORT_RESPONSE_TARGETS: z.string().optional().transform(parsedWith(parseResponseTargets)),
})
