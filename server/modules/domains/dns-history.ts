import { DNS_HISTORY_LIMIT, zoneMessages, type DnsVersion } from '@/contract/dns-zone'
import type { Database } from '../../db/client'
import { notFound } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import { changeRecords, storedRecords, type DnsDeps } from './dns-changes'
import { diffRecords } from './dns-diff'
import { appliedPreview, checkSet, diffSummary, dryRun, requireValid } from './dns-preview'
import { findVersion, latestVersionNumber, listVersions, type DnsVersionRow } from './dns-versions-repository'
import { ownDomain } from './service'

function toVersion(row: DnsVersionRow, latest: number): DnsVersion {
  return {
    number: row.number,
    kind: row.kind,
    summary: row.summary,
    actor: row.actorEmail,
    created_at: row.createdAt.toISOString(),
    added: row.diff.added.length,
    removed: row.diff.removed.length,
    changed: row.diff.changed.length,
    records: row.records.length,
    current: row.number === latest,
  }
}

/** The domain's newest versions, newest first, and how many there are in all. */
export async function listHistory(db: Database, caller: Caller, domainId: number) {
  const domain = await ownDomain(db, caller, domainId)
  const { count, rows } = await listVersions(db, domain.id, DNS_HISTORY_LIMIT)
  const latest = await latestVersionNumber(db, domain.id)
  return { count, results: rows.map((r) => toVersion(r, latest)) }
}

/** Restores a version's exact record set: with dry_run the difference it would make, else applied. */
export async function restoreVersion(
  deps: DnsDeps,
  caller: Caller,
  params: { id: number; version: number },
  body: { dry_run: boolean; base_version?: number | null | undefined },
) {
  const domain = await ownDomain(deps.db, caller, params.id)
  const version = await findVersion(deps.db, domain.id, params.version)
  if (!version) throw notFound(zoneMessages.versionNotFound)
  // The version's records were valid when kept; they are checked again in case a rule changed since.
  const set = checkSet(version.records, domain.domainName)
  if (body.dry_run)
    return dryRun(set, await storedRecords(deps.db, domain.id), await latestVersionNumber(deps.db, domain.id))
  requireValid(set)
  const result = await changeRecords(deps, caller, domain.id, (current) => ({
    kind: 'restore',
    summary: `Restored version ${version.number}: ${diffSummary(diffRecords(current, set.target))}`,
    target: set.target,
    whole: true,
    baseVersion: body.base_version,
    failure: zoneMessages.restoreFailed,
  }))
  return appliedPreview(set, result)
}
