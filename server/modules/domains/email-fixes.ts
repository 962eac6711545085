import { checkDnsRecord } from '@/contract/dns-records'
import { DNS_TEMPLATES, type DnsRecordType } from '@/contract/domains'
import { zoneMessages } from '@/contract/dns-zone'
import type { Database } from '../../db/client'
import { conflict } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import { changeRecords, storedRecords, type DnsDeps } from './dns-changes'
import { fieldsOf, type TargetRecord } from './dns-diff'
import { appliedTemplates } from './dns-versions-repository'
import { emailHealth } from './email-health'
import type { DomainRow } from './repository'
import { ownDomain } from './service'

/** The selectors asked for, else those of the templates applied to the domain (its change history). */
async function selectorsFor(db: Database, domain: DomainRow, asked: string[] | undefined) {
  if (asked && asked.length > 0) return [...new Set(asked)]
  const applied = await appliedTemplates(db, domain.id)
  return [...new Set(DNS_TEMPLATES.filter((t) => applied.includes(t.id)).flatMap((t) => t.dkimSelectors))]
}

/** `GET …/email_health/`: the check of the records we hold. */
export async function checkEmailHealth(db: Database, caller: Caller, domainId: number, asked?: string[]) {
  const domain = await ownDomain(db, caller, domainId)
  const records = (await storedRecords(db, domain.id)).map(fieldsOf)
  return emailHealth({
    domainName: domain.domainName,
    records,
    selectors: await selectorsFor(db, domain, asked),
  })
}

/** `POST …/email_health/fix/`: applies one offered fix as one change (kept in the history), then checks again. */
export async function applyEmailFix(
  deps: DnsDeps,
  caller: Caller,
  domainId: number,
  body: { fix: string; reporting_address?: string | undefined; dkim_selectors?: string[] | undefined },
) {
  const domain = await ownDomain(deps.db, caller, domainId)
  const selectors = await selectorsFor(deps.db, domain, body.dkim_selectors)
  await changeRecords(deps, caller, domain.id, (current) => {
    // The fix is worked out again from the records as they are now, under the domain's lock.
    const health = emailHealth({
      domainName: domain.domainName,
      records: current.map(fieldsOf),
      selectors,
      reportingAddress: body.reporting_address,
    })
    const fix = health.checks.map((c) => c.fix).find((f) => f?.id === body.fix)
    if (!fix) throw conflict(zoneMessages.fixNotOffered)
    const removes = fix.removes.map((r) => `${r.type} ${r.host} ${r.value}`)
    const adds: TargetRecord[] = fix.adds.map((r) => {
      const check = checkDnsRecord({ ...r, type: r.type as DnsRecordType }, domain.domainName)
      if (!check.record) throw conflict(zoneMessages.fixNotOffered)
      return check.record
    })
    return {
      kind: 'fix',
      summary: `E-mail health: ${fix.label}`,
      target: [...current.filter((r) => !removes.includes(`${r.type} ${r.host} ${r.value}`)), ...adds],
      failure: zoneMessages.fixFailed,
    }
  })
  return checkEmailHealth(deps.db, caller, domain.id, body.dkim_selectors)
}
