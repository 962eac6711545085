import { zoneMessages, type ZoneImportRequest } from '@/contract/dns-zone'
import { ApiError, badRequest } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import { changeRecords, storedRecords, type DnsDeps } from './dns-changes'
import { diffRecords, fieldsOf } from './dns-diff'
import { appliedPreview, checkSet, diffSummary, dryRun, requireValid } from './dns-preview'
import { latestVersionNumber } from './dns-versions-repository'
import { ownDomain, requireRegistered } from './service'
import { formatZone, parseZone } from './zone-file'

/** `GET …/zone/`: the domain's records as a BIND zone file named after the domain. */
export async function exportZone(deps: DnsDeps, caller: Caller, domainId: number) {
  const domain = await ownDomain(deps.db, caller, domainId)
  requireRegistered(domain)
  const records = await storedRecords(deps.db, domain.id)
  const text = formatZone({
    domainName: domain.domainName,
    nameservers: domain.nameservers,
    records: records.map(fieldsOf),
    serial: Math.max(1, await latestVersionNumber(deps.db, domain.id)),
    exportedAt: new Date(),
  })
  return { filename: `${domain.domainName}.zone`, text }
}

/**
 * `POST …/zone/`: with dry_run the difference the file would make (each record with its problems);
 * without, the file replaces the records in one step, all or nothing.
 */
export async function importZone(
  deps: DnsDeps,
  caller: Caller,
  domainId: number,
  body: { zone: string; dry_run: boolean; base_version?: ZoneImportRequest['base_version'] },
) {
  if (Buffer.byteLength(body.zone, 'utf8') > 1024 * 1024) throw new ApiError(413, zoneMessages.tooLarge)
  if (body.zone.trim() === '') throw badRequest(zoneMessages.empty, { zone: [zoneMessages.empty] })
  const domain = await ownDomain(deps.db, caller, domainId)
  const parsed = parseZone(body.zone, domain.domainName)
  const set = checkSet(parsed.records, domain.domainName, { notes: parsed.notes, errors: parsed.errors })
  if (body.dry_run)
    return dryRun(set, await storedRecords(deps.db, domain.id), await latestVersionNumber(deps.db, domain.id))
  requireValid(set)
  const result = await changeRecords(deps, caller, domain.id, (current) => ({
    kind: 'import',
    summary: `Imported a zone file: ${diffSummary(diffRecords(current, set.target))}`,
    target: set.target,
    whole: true,
    baseVersion: body.base_version,
    failure: zoneMessages.importFailed,
  }))
  return appliedPreview(set, result)
}
