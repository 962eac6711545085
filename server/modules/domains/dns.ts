import {
  DEFAULT_PRIORITY,
  DEFAULT_TTL,
  DNS_TEMPLATES,
  domainMessages,
  isRecordHost,
  recordHasPriority,
  recordValueProblem,
  templateRecords,
  type DnsRecord,
  type DnsRecordType,
} from '@/contract/domains'
import type { RegistrarRecordInput } from '../../adapters/registrar'
import type { Database } from '../../db/client'
import { dnsRecords } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import { eq } from 'drizzle-orm'
import * as repo from './repository'
import { ownDomain, registrarFailure, requireRegistered } from './service'
import type { Registrar } from '../../adapters/registrar'

/** A zone holds at most this many records (a limit against abuse, well above any site's needs). */
export const MAX_RECORDS_PER_DOMAIN = 200

interface Deps {
  db: Database
  registrar: Registrar
}

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

/** The per-type rules of §5: host and value valid for the type, TTL 3600 and priority 10 by default. */
export function readRecord(body: Omit<RecordBody, 'domain'>): RegistrarRecordInput {
  const host = body.host.trim().toLowerCase()
  const value = body.value.trim()
  const fields: Record<string, string[]> = {}
  if (!isRecordHost(host)) fields.host = ['Use @ for the domain itself, or a name such as www or mail.']
  else if (body.type === 'CNAME' && host === '@')
    fields.host = ['A CNAME record cannot be set on the domain itself (@).']
  const problem = recordValueProblem(body.type, value)
  if (problem) fields.value = [problem]
  if (Object.keys(fields).length > 0)
    throw badRequest(Object.values(fields)[0]?.[0] ?? domainMessages.recordAddFailed, fields)
  return {
    type: body.type,
    host,
    answer:
      body.type === 'MX' || body.type === 'CNAME' || body.type === 'NS'
        ? value.toLowerCase().replace(/\.$/, '')
        : value,
    ttl: body.ttl ?? DEFAULT_TTL,
    priority: recordHasPriority(body.type) ? (body.priority ?? DEFAULT_PRIORITY) : null,
  }
}

export async function listRecords(db: Database, caller: Caller, domainId: number) {
  const domain = await ownDomain(db, caller, domainId)
  return { results: (await repo.listRecords(db, domain.id)).map(toRecord) }
}

async function addRecords({ db, registrar }: Deps, domain: repo.DomainRow, records: RegistrarRecordInput[]) {
  if ((await repo.countRecords(db, domain.id)) + records.length > MAX_RECORDS_PER_DOMAIN)
    throw badRequest(`A domain holds at most ${MAX_RECORDS_PER_DOMAIN} DNS records.`)
  const created: DnsRecord[] = []
  for (const record of records) {
    const registrarRecordId = await registrar
      .createRecord(domain.domainName, record)
      .catch((e: unknown) => registrarFailure(e, domainMessages.recordAddFailed))
    const [row] = await db
      .insert(dnsRecords)
      .values({
        domainId: domain.id,
        type: record.type,
        host: record.host,
        value: record.answer,
        ttl: record.ttl,
        priority: record.priority,
        registrarRecordId,
      })
      .returning()
    if (row) created.push(toRecord(row))
  }
  return created
}

export async function createRecord(deps: Deps, caller: Caller, body: RecordBody) {
  const domain = await ownDomain(deps.db, caller, body.domain)
  const record = readRecord(body)
  requireRegistered(domain)
  const [created] = await addRecords(deps, domain, [record])
  if (!created) throw new Error('DNS record was not stored')
  return created
}

export async function updateRecord(
  { db, registrar }: Deps,
  caller: Caller,
  recordId: number,
  body: RecordBody,
) {
  const found = await repo.findRecord(db, caller.userId, recordId)
  // The record moves to no other domain: the body's domain must be the record's own.
  if (!found || found.domain.id !== body.domain) throw notFound('DNS record not found')
  const record = readRecord(body)
  requireRegistered(found.domain)
  await registrar
    .updateRecord(found.domain.domainName, found.record.registrarRecordId, record)
    .catch((e: unknown) => registrarFailure(e, 'Failed to update DNS record'))
  const [row] = await db
    .update(dnsRecords)
    .set({
      type: record.type,
      host: record.host,
      value: record.answer,
      ttl: record.ttl,
      priority: record.priority,
    })
    .where(eq(dnsRecords.id, recordId))
    .returning()
  return toRecord(row ?? found.record)
}

export async function deleteRecord({ db, registrar }: Deps, caller: Caller, recordId: number) {
  const found = await repo.findRecord(db, caller.userId, recordId)
  if (!found) throw notFound('DNS record not found')
  requireRegistered(found.domain)
  await registrar
    .deleteRecord(found.domain.domainName, found.record.registrarRecordId)
    .catch((e: unknown) => registrarFailure(e, domainMessages.recordDeleteFailed))
  await db.delete(dnsRecords).where(eq(dnsRecords.id, recordId))
}

/** One click adds a host's usual records (the preview shows the same list, from the contract). */
export async function applyTemplate(
  deps: Deps,
  caller: Caller,
  domainId: number,
  input: { template: string; github_user: string },
) {
  const domain = await ownDomain(deps.db, caller, domainId)
  const template = DNS_TEMPLATES.find((t) => t.id === input.template)
  if (!template)
    throw badRequest('Choose one of the offered templates.', {
      template: ['Choose one of the offered templates.'],
    })
  if (template.id === 'github-pages' && !/^[a-z\d](?:[a-z\d-]{0,38})$/i.test(input.github_user))
    throw badRequest('Enter your GitHub user or organisation name.', {
      github_user: ['Enter your GitHub user or organisation name.'],
    })
  const records = templateRecords(template, domain.domainName, input.github_user.toLowerCase()).map((r) =>
    readRecord({
      type: r.type,
      host: r.host,
      value: r.value,
      ttl: DEFAULT_TTL,
      priority: r.priority ?? null,
    }),
  )
  requireRegistered(domain)
  return { results: await addRecords(deps, domain, records) }
}
