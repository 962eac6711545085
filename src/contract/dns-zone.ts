import * as z from 'zod/mini'
import { EMAIL_PATTERN, recordId, tooLong } from './common'
import type { DnsRecordFields } from './dns-records'

/** Zone files, change history and the e-mail health check of a domain's DNS (issue 29). */

/** A zone file to import: at most 1 MB of text and 1,000 records. */
export const MAX_ZONE_BYTES = 1024 * 1024
export const MAX_ZONE_RECORDS = 1000
/** The history lists this many newest versions (each a one-line summary). */
export const DNS_HISTORY_LIMIT = 200

export const DNS_VERSION_KINDS = [
  'baseline',
  'add',
  'edit',
  'delete',
  'template',
  'import',
  'restore',
  'fix',
] as const
export type DnsVersionKind = (typeof DNS_VERSION_KINDS)[number]

export const zoneMessages = {
  tooLarge: 'A zone file holds at most 1 MB.',
  tooManyRecords: `A zone file holds at most ${MAX_ZONE_RECORDS.toLocaleString('en-US')} records.`,
  empty: 'Paste a zone file or choose one to upload.',
  hasProblems: 'Fix the problems the preview lists; nothing was applied.',
  nothingToChange: 'The zone file matches the records already; nothing to change.',
  stale: 'The records changed since this preview. Check the new preview before applying.',
  imported: 'Zone file imported.',
  importFailed: 'Failed to import the zone file',
  restored: 'Version restored.',
  restoreFailed: 'Failed to restore the version',
  downloadFailed: 'Failed to download the zone file',
  fixApplied: 'Fix applied.',
  fixFailed: 'Failed to apply the fix',
  versionNotFound: 'Version not found',
  fixNotOffered: 'That fix is not offered for this domain now.',
} as const

const recordShape = {
  type: z.string(),
  host: z.string(),
  value: z.string(),
  ttl: z.nullable(z.int()),
  priority: z.nullable(z.int()),
}
export const dnsRecordTextSchema = z.object(recordShape)
export type DnsRecordText = z.infer<typeof dnsRecordTextSchema>

export interface DnsVersionDiff {
  added: DnsRecordFields[]
  removed: DnsRecordFields[]
  changed: { before: DnsRecordFields; after: DnsRecordFields }[]
}

/** What a change would do (dry run) or did: each added or changed record with its validation result. */
export const dnsChangePreviewSchema = z.object({
  dry_run: z.boolean(),
  applied: z.boolean(),
  /** True when nothing in the list has a problem and the change can be applied. */
  valid: z.boolean(),
  /** The latest version the preview was computed against (send it back as base_version), or the new one. */
  version: z.nullable(z.int()),
  added: z.array(
    z.object({ record: dnsRecordTextSchema, line: z.nullable(z.int()), problems: z.array(z.string()) }),
  ),
  removed: z.array(z.object({ record: dnsRecordTextSchema })),
  changed: z.array(
    z.object({
      before: dnsRecordTextSchema,
      after: dnsRecordTextSchema,
      line: z.nullable(z.int()),
      problems: z.array(z.string()),
    }),
  ),
  unchanged: z.int(),
  /** Lines read but not imported on purpose (the SOA, the domain's own nameservers). */
  notes: z.array(z.object({ line: z.int(), message: z.string() })),
  /** Lines that could not be read or cannot be served; any of them blocks the import. */
  errors: z.array(z.object({ line: z.int(), message: z.string() })),
})
export type DnsChangePreview = z.infer<typeof dnsChangePreviewSchema>

export const zoneImportRequestSchema = z.object({
  zone: z.string({ error: zoneMessages.empty }),
  dry_run: z._default(z.boolean(), true),
  base_version: z.optional(z.nullable(z.int())),
})
export type ZoneImportRequest = z.input<typeof zoneImportRequestSchema>

export const restoreRequestSchema = z.object({
  dry_run: z._default(z.boolean(), true),
  base_version: z.optional(z.nullable(z.int())),
})

export const dnsVersionParamSchema = z.object({ id: recordId(), version: recordId() })

export const dnsVersionSchema = z.object({
  number: z.int(),
  kind: z.enum(DNS_VERSION_KINDS),
  summary: z.string(),
  actor: z.nullable(z.string()),
  created_at: z.string(),
  added: z.int(),
  removed: z.int(),
  changed: z.int(),
  records: z.int(),
  /** The version the records stand at now. */
  current: z.boolean(),
})
export type DnsVersion = z.infer<typeof dnsVersionSchema>
export const dnsVersionListSchema = z.object({ count: z.int(), results: z.array(dnsVersionSchema) })

// ---- E-mail health ------------------------------------------------------------------------------------

export const EMAIL_CHECKS = ['mx', 'spf', 'dmarc', 'dkim'] as const
export const HEALTH_STATUSES = ['ok', 'warning', 'problem'] as const
export type HealthStatus = (typeof HEALTH_STATUSES)[number]
/** SPF allows at most 10 DNS lookups when a receiver evaluates it (RFC 7208 §4.6.4). */
export const SPF_LOOKUP_LIMIT = 10
export const MAX_DKIM_SELECTORS = 10

export const emailFixSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The records the fix adds, and those it replaces. */
  adds: z.array(dnsRecordTextSchema),
  removes: z.array(dnsRecordTextSchema),
  /** The DMARC fix asks where reports go; this is the address it suggests. */
  reporting_address: z.nullable(z.string()),
})
export type EmailFix = z.infer<typeof emailFixSchema>

export const emailHealthSchema = z.object({
  checks: z.array(
    z.object({
      check: z.enum(EMAIL_CHECKS),
      title: z.string(),
      status: z.enum(HEALTH_STATUSES),
      findings: z.array(z.string()),
      fix: z.nullable(emailFixSchema),
    }),
  ),
  /** The DKIM selectors checked: those asked for, else those of the applied templates. */
  dkim_selectors: z.array(z.string()),
})
export type EmailHealth = z.infer<typeof emailHealthSchema>

const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*$/i
const selectorsText = z.pipe(
  z.string().check(z.maxLength(500, tooLong(500))),
  z.transform((v) =>
    v
      .split(/[\s,]+/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
)
export const selectorRule = (v: string[]) =>
  v.length <= MAX_DKIM_SELECTORS && v.every((s) => SELECTOR.test(s))
export const selectorMessage = `Name up to ${MAX_DKIM_SELECTORS} DKIM selectors made of letters, digits, hyphens and dots, such as google or selector1.`

export const emailHealthQuerySchema = z.object({
  dkim_selectors: z.optional(selectorsText.check(z.refine(selectorRule, selectorMessage))),
})

export const emailFixRequestSchema = z.object({
  fix: z.string().check(z.maxLength(40, tooLong(40))),
  reporting_address: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(254, tooLong(254)),
      z.refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Enter a valid email address.'),
    ),
  ),
  dkim_selectors: z.optional(selectorsText.check(z.refine(selectorRule, selectorMessage))),
})
export type EmailFixRequest = z.input<typeof emailFixRequestSchema>
