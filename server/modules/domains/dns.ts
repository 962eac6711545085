import { checkDnsRecord, firstProblem, type DnsRecordFields } from '@/contract/dns-records'
import {
  DEFAULT_TTL,
  DNS_TEMPLATES,
  domainMessages,
  templateRecords,
  type DnsRecord,
  type DnsRecordType,
} from '@/contract/domains'
import type { Database } from '../../db/client'
import { badRequest, notFound } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import { changeRecords, describeRecord, type DnsDeps } from './dns-changes'
import type { StoredRecord } from './dns-diff'
import * as repo from './repository'
import { ownDomain } from './service'

export { MAX_RECORDS_PER_DOMAIN } from './dns-changes'

export interface RecordBody {
  domain: number
  type: DnsRecordType
  host: string
  value: string
  ttl: number | null
  priority?: number | null | undefined
}

function toRecord(row: repo.DnsRecordRow): DnsRecord {
  return {
    id: row.id,
    domain: row.domainId,
    type: row.type,
    host: row.host,
    value: row.value,
    ttl: row.ttl,
    priority: row.priority,
  }
}

const storedToRecord = (domainId: number, row: StoredRecord): DnsRecord => ({
  id: row.id,
  domain: domainId,
  type: row.type,
  host: row.host,
  value: row.value,
  ttl: row.ttl,
  priority: row.priority,
})

/** The per-type rules (contract/dns-records.ts, the editor's own): 400 with each field's message. */
export function readRecord(body: Omit<RecordBody, 'domain'>, domainName: string): DnsRecordFields {
  const check = checkDnsRecord(body, domainName)
  if (check.record) return check.record
  const fields = Object.fromEntries(
    Object.entries(check.problems).map(([field, message]) => [field, [message]]),
  )
  throw badRequest(firstProblem(check.problems), fields)
}

export async function listRecords(db: Database, caller: Caller, domainId: number) {
  const domain = await ownDomain(db, caller, domainId)
  return { results: (await repo.listRecords(db, domain.id)).map(toRecord) }
}

export async function createRecord(deps: DnsDeps, caller: Caller, body: RecordBody) {
  const { rows } = await changeRecords(deps, caller, body.domain, (current, domain) => {
    const record = readRecord(body, domain.domainName)
    return {
      kind: 'add',
      summary: `Added ${describeRecord(record)}`,
      target: [...current, record],
      failure: domainMessages.recordAddFailed,
    }
  })
  const created = rows.at(-1)
  if (!created) throw new Error('DNS record was not stored')
  return storedToRecord(body.domain, created)
}

/** The caller's record and its domain, or 404 (also for another client's). */
async function ownRecord(db: Database, caller: Caller, recordId: number) {
  const found = await repo.findRecord(db, caller.userId, recordId)
  if (!found) throw notFound('DNS record not found')
  return found
}

export async function updateRecord(deps: DnsDeps, caller: Caller, recordId: number, body: RecordBody) {
  const found = await ownRecord(deps.db, caller, recordId)
  // The record moves to no other domain: the body's domain must be the record's own.
  if (found.domain.id !== body.domain) throw notFound('DNS record not found')
  const { rows } = await changeRecords(deps, caller, body.domain, (current, domain) => {
    const index = current.findIndex((r) => r.id === recordId)
    const before = current[index]
    if (!before) throw notFound('DNS record not found')
    const record = { ...readRecord(body, domain.domainName), rowId: recordId }
    return {
      kind: 'edit',
      summary: `Changed ${describeRecord(before)} to ${describeRecord(record)}`,
      target: current.map((r, i) => (i === index ? record : r)),
      failure: 'Failed to update DNS record',
    }
  })
  const row = rows.find((r) => r.id === recordId)
  return row ? storedToRecord(body.domain, row) : toRecord({ ...found.record })
}

export async function deleteRecord(deps: DnsDeps, caller: Caller, recordId: number) {
  const found = await ownRecord(deps.db, caller, recordId)
  await changeRecords(deps, caller, found.domain.id, (current) => {
    const before = current.find((r) => r.id === recordId)
    if (!before) throw notFound('DNS record not found')
    return {
      kind: 'delete',
      summary: `Deleted ${describeRecord(before)}`,
      target: current.filter((r) => r.id !== recordId),
      failure: domainMessages.recordDeleteFailed,
    }
  })
}

/** One click adds a host's usual records (the preview shows the same list, from the contract). */
export async function applyTemplate(
  deps: DnsDeps,
  caller: Caller,
  domainId: number,
  input: { template: string; github_user: string },
) {
  const template = DNS_TEMPLATES.find((t) => t.id === input.template)
  if (!template)
    throw badRequest('Choose one of the offered templates.', {
      template: ['Choose one of the offered templates.'],
    })
  if (template.id === 'github-pages' && !/^[a-z\d](?:[a-z\d-]{0,38})$/i.test(input.github_user))
    throw badRequest('Enter your GitHub user or organisation name.', {
      github_user: ['Enter your GitHub user or organisation name.'],
    })
  const domain = await ownDomain(deps.db, caller, domainId)
  const records = templateRecords(template, domain.domainName, input.github_user.toLowerCase()).map((r) =>
    readRecord(
      { type: r.type, host: r.host, value: r.value, ttl: DEFAULT_TTL, priority: r.priority ?? null },
      domain.domainName,
    ),
  )
  const { rows } = await changeRecords(deps, caller, domainId, (current) => ({
    kind: 'template',
    summary: `Applied the ${template.name} template (${records.length} records)`,
    template: template.id,
    target: [...current, ...records],
    failure: domainMessages.recordAddFailed,
  }))
  return { results: rows.slice(-records.length).map((r) => storedToRecord(domainId, r)) }
}
