import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { DnsRecordFields } from '@/contract/dns-records'
import type { DnsVersionDiff, DnsVersionKind } from '@/contract/dns-zone'
import type { Executor } from '../../db/client'
import { firstRow, listPage } from '../../db/rows'
import { dnsRecordVersions, users } from '../../db/schema'

export type DnsVersionRow = typeof dnsRecordVersions.$inferSelect

/** The number of the domain's newest version, 0 before its first change. */
export async function latestVersionNumber(db: Executor, domainId: number): Promise<number> {
  const [row] = await db
    .select({ number: dnsRecordVersions.number })
    .from(dnsRecordVersions)
    .where(eq(dnsRecordVersions.domainId, domainId))
    .orderBy(desc(dnsRecordVersions.number))
    .limit(1)
  return row?.number ?? 0
}

export async function findVersion(db: Executor, domainId: number, number: number) {
  return firstRow(
    db,
    dnsRecordVersions,
    and(eq(dnsRecordVersions.domainId, domainId), eq(dnsRecordVersions.number, number)),
  )
}

/** The domain's newest `limit` versions, and how many it has. */
export async function listVersions(db: Executor, domainId: number, limit: number) {
  return listPage(db, db.select().from(dnsRecordVersions).$dynamic(), {
    where: eq(dnsRecordVersions.domainId, domainId),
    orderBy: [desc(dnsRecordVersions.number)],
    window: { limit, offset: 0 },
  })
}

/** The templates ever applied to the domain (their DKIM selectors are checked by the health check). */
export async function appliedTemplates(db: Executor, domainId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ template: dnsRecordVersions.template })
    .from(dnsRecordVersions)
    .where(and(eq(dnsRecordVersions.domainId, domainId), isNotNull(dnsRecordVersions.template)))
  return rows.flatMap((r) => (r.template ? [r.template] : []))
}

export async function userEmail(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.email ?? null
}

export interface NewVersion {
  kind: DnsVersionKind
  summary: string
  template: string | null
  diff: DnsVersionDiff
  records: DnsRecordFields[]
}

/**
 * Records a change as the next version. A domain's first change also keeps the set before it as
 * version 1, so even the records from before the history began can be restored.
 */
export async function recordVersion(
  db: Executor,
  domainId: number,
  actor: { userId: number; email: string | null },
  before: DnsRecordFields[],
  change: NewVersion,
): Promise<number> {
  let latest = await latestVersionNumber(db, domainId)
  if (latest === 0) {
    await db.insert(dnsRecordVersions).values({
      domainId,
      number: 1,
      kind: 'baseline',
      summary: 'The records as they were when the change history began',
      diff: { added: [], removed: [], changed: [] },
      records: before,
    })
    latest = 1
  }
  await db.insert(dnsRecordVersions).values({
    domainId,
    number: latest + 1,
    kind: change.kind,
    summary: change.summary,
    userId: actor.userId,
    actorEmail: actor.email,
    template: change.template,
    diff: change.diff,
    records: change.records,
  })
  return latest + 1
}
