import * as z from 'zod/mini'

/** One page view, sent by the renderer on every route change to POST /api/analytics/page-views/. */
export const pageViewRequestSchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^\/\S*$/, 'Must be an absolute path.')),
  referrer: z.optional(z.string().check(z.maxLength(512))),
  /** Random per browser tab session; lets us count visits without cookies. */
  session_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  platform: z.optional(z.enum(['web', 'pwa', 'desktop'])),
})
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>
