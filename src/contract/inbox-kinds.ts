/** The staff inbox's four kinds, each its own list under /api/staff/inbox/<kind>/ (kept free of zod:
 * the inbox route reads them before its page loads). */
export const INBOX_KINDS = [
  'contact-messages',
  'project-briefs',
  'franchise-requests',
  'job-applications',
] as const
export type InboxKind = (typeof INBOX_KINDS)[number]
