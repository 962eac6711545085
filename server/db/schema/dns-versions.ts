import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptzNow, parentId, optionalRef } from './columns'
import type { DnsRecordFields } from '@/contract/dns-records'
import { DNS_VERSION_KINDS, type DnsVersionDiff } from '@/contract/dns-zone'
import { users } from './accounts'
import { domains } from './domains'

/**
 * The change history of a domain's DNS records (issue 29): every change (add, edit, delete, template,
 * import, restore, health fix) is one version holding who, when, what changed and the whole record set
 * after it, so any version can be restored exactly. The first change also stores the set before it.
 */
export const dnsRecordVersions = pgTable(
  'dns_record_versions',
  {
    id: id(),
    domainId: parentId(() => domains.id),
    /** 1, 2, 3… per domain; also the zone's SOA serial. */
    number: integer().notNull(),
    kind: text({ enum: DNS_VERSION_KINDS }).notNull(),
    summary: text().notNull(),
    userId: optionalRef(() => users.id),
    /** The author's e-mail at the time (kept if the account goes). */
    actorEmail: text(),
    /** The template applied, so the health check knows which DKIM selectors to look for. */
    template: text(),
    diff: jsonb().$type<DnsVersionDiff>().notNull(),
    records: jsonb().$type<DnsRecordFields[]>().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('dns_record_versions_number_idx').on(t.domainId, t.number),
    index('dns_record_versions_template_idx').on(t.domainId, t.template),
  ],
)
