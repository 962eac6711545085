import { newSetProblems, recordSetProblems, type DnsRecordFields } from '@/contract/dns-records'
import { zoneMessages, type DnsVersionKind } from '@/contract/dns-zone'
import {
  RecordBatchError,
  type ChangeOutcome,
  type RecordChange,
  type Registrar,
  type RegistrarRecordInput,
} from '../../adapters/registrar'
import type { Database, Executor } from '../../db/client'
import type { dnsRecords } from '../../db/schema'
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import {
  diffRecords,
  fieldsOf,
  isEmptyDiff,
  type RecordDiff,
  type StoredRecord,
  type TargetRecord,
} from './dns-diff'
import { latestVersionNumber, recordVersion, userEmail } from './dns-versions-repository'
import * as repo from './repository'
import type { DomainRow } from './repository'
import { registrarFailure, requireRegistered } from './service'

/** A zone holds at most this many records (the size of the largest zone file we import). */
export const MAX_RECORDS_PER_DOMAIN = 1000

export interface DnsDeps {
  db: Database
  registrar: Registrar
}

/** What a change leads to, built from the records as they are once the domain is locked. */
export interface ChangePlan {
  kind: DnsVersionKind
  summary: string
  template?: string | null
  target: TargetRecord[]
  /** The whole set must keep the rules between records (imports, restores); otherwise only what the change breaks. */
  whole?: boolean
  /** The version the client previewed; the change is refused when the records moved on since. */
  baseVersion?: number | null | undefined
  /** The message when the registrar fails. */
  failure: string
}

export interface ChangeResult {
  /** The stored record each target record became, in the target's order. */
  rows: StoredRecord[]
  diff: RecordDiff
  version: number | null
}

export const toStored = (row: typeof dnsRecords.$inferSelect): StoredRecord => ({
  id: row.id,
  registrarRecordId: row.registrarRecordId,
  ...fieldsOf(row),
})

export async function storedRecords(db: Executor, domainId: number): Promise<StoredRecord[]> {
  return (await repo.listRecords(db, domainId)).map(toStored)
}

const registrarInput = (r: DnsRecordFields): RegistrarRecordInput => ({
  type: r.type,
  host: r.host,
  answer: r.value,
  ttl: r.ttl,
  priority: r.priority,
})

/** One line per record for summaries and messages: "MX @ 10 mail.example.com". */
export function describeRecord(r: DnsRecordFields): string {
  const text = `${r.type} ${r.host} ${r.priority !== null ? `${r.priority} ` : ''}${r.value}`
  return text.length > 90 ? `${text.slice(0, 87)}...` : text
}

/** The rules between records for the planned set; the first problem is refused on its field. */
export function requireValidSet(
  plan: ChangePlan,
  current: readonly StoredRecord[],
  domainName: string,
): void {
  if (plan.target.length > MAX_RECORDS_PER_DOMAIN)
    throw badRequest(`A domain holds at most ${MAX_RECORDS_PER_DOMAIN} DNS records.`)
  const problems = plan.whole
    ? recordSetProblems(plan.target, domainName)
    : newSetProblems(current, plan.target, domainName)
  const [first] = problems.entries()
  if (!first) return
  const [index, problem] = first
  const record = plan.target[index]
  const same = (a: DnsRecordFields, b: DnsRecordFields) =>
    a.type === b.type &&
    a.host === b.host &&
    a.value === b.value &&
    a.ttl === b.ttl &&
    a.priority === b.priority
  const subjects = plan.target.filter((t) => !current.some((c) => same(c, t)))
  const alone = subjects.length === 1 && subjects[0] === record
  throw badRequest(alone || !record ? problem.message : `${describeRecord(record)}: ${problem.message}`, {
    [problem.field]: [problem.message],
  })
}

function registrarChanges(diff: RecordDiff): RecordChange[] {
  // Removals first, so a name is free before a CNAME moves onto it.
  return [
    ...diff.removed.map((row) => ({
      kind: 'delete' as const,
      id: row.registrarRecordId,
      before: registrarInput(row),
    })),
    ...diff.changed.map(({ row, after }) => ({
      kind: 'update' as const,
      id: row.registrarRecordId,
      before: registrarInput(row),
      record: registrarInput(after),
    })),
    ...diff.added.map((after) => ({ kind: 'create' as const, record: registrarInput(after) })),
  ]
}

/** Writes what stands at the registrar after the batch (all of it, or what an undo could not take back). */
async function writeOutcome(tx: Executor, domainId: number, diff: RecordDiff, outcomes: ChangeOutcome[]) {
  const removedCount = diff.removed.length
  const changedCount = diff.changed.length
  const gone: number[] = []
  const standing = new Map<TargetRecord, StoredRecord>()
  for (const [i, row] of diff.removed.entries()) {
    const outcome = outcomes[i]
    if (outcome?.applied) gone.push(row.id)
    else if (outcome?.id && outcome.id !== row.registrarRecordId)
      // Undone by re-creating it: same record, new id at the registrar.
      await repo.updateRecord(tx, row.id, { registrarRecordId: outcome.id })
  }
  await repo.deleteRecords(tx, gone)
  for (const [i, { row, after }] of diff.changed.entries()) {
    if (!outcomes[removedCount + i]?.applied) continue
    const values = fieldsOf(after)
    await repo.updateRecord(tx, row.id, values)
    standing.set(after, { ...row, ...values })
  }
  for (const [i, after] of diff.added.entries()) {
    const outcome = outcomes[removedCount + changedCount + i]
    if (!outcome?.applied || outcome.id === null) continue
    const row = await repo.insertRecord(tx, { domainId, ...fieldsOf(after), registrarRecordId: outcome.id })
    if (row) standing.set(after, toStored(row))
  }
  return standing
}

type Attempt = { ok: true; result: ChangeResult } | { ok: false; error: RecordBatchError; failure: string }

/** The stored record each target record became, in the target's order. */
function rowsFor(target: TargetRecord[], diff: RecordDiff, standing: Map<TargetRecord, StoredRecord>) {
  const byTarget = new Map(standing)
  for (const { row, after } of diff.unchanged) byTarget.set(after, row)
  return target.flatMap((t) => {
    const row = byTarget.get(t)
    return row ? [row] : []
  })
}

/**
 * Every change to a domain's records goes through here: with the domain locked it builds the target set,
 * checks it, applies the difference at the registrar all or nothing, stores the records and keeps the
 * change as a version (who, when, what, and the set after it).
 */
export async function changeRecords(
  { db, registrar }: DnsDeps,
  caller: Caller,
  domainId: number,
  build: (current: StoredRecord[], domain: DomainRow) => ChangePlan,
): Promise<ChangeResult> {
  const attempt = await db.transaction(async (tx): Promise<Attempt> => {
    // One change at a time per domain: the next waits here until this one is stored.
    const domain = await repo.lockDomain(tx, domainId)
    if (!domain || domain.userId !== caller.userId) throw notFound('Domain not found')
    requireRegistered(domain)
    const current = await storedRecords(tx, domain.id)
    const plan = build(current, domain)
    requireValidSet(plan, current, domain.domainName)
    const latest = await latestVersionNumber(tx, domain.id)
    if (plan.baseVersion != null && plan.baseVersion !== latest) throw conflict(zoneMessages.stale)
    const diff = diffRecords(current, plan.target)
    if (isEmptyDiff(diff))
      return { ok: true, result: { rows: rowsFor(plan.target, diff, new Map()), diff, version: null } }
    let outcomes: ChangeOutcome[]
    let batchError: RecordBatchError | null = null
    try {
      outcomes = await registrar.within(tx).applyRecordChanges(domain.domainName, registrarChanges(diff))
    } catch (error) {
      if (!(error instanceof RecordBatchError)) return registrarFailure(error, plan.failure)
      batchError = error
      outcomes = error.outcomes
    }
    const standing = await writeOutcome(tx, domain.id, diff, outcomes)
    if (batchError && batchError.stranded === 0)
      return { ok: false, error: batchError, failure: plan.failure }
    const after = await storedRecords(tx, domain.id)
    const actor = { userId: caller.userId, email: await userEmail(tx, caller.userId) }
    const version = await recordVersion(tx, domain.id, actor, current.map(fieldsOf), {
      kind: plan.kind,
      summary: batchError
        ? `${plan.summary} (partly applied: the registrar failed and ${batchError.stranded} changes could not be undone)`
        : plan.summary,
      template: plan.template ?? null,
      diff: {
        added: diff.added.map(fieldsOf),
        removed: diff.removed.map(fieldsOf),
        changed: diff.changed.map(({ row, after: a }) => ({ before: fieldsOf(row), after: fieldsOf(a) })),
      },
      records: after.map(fieldsOf),
    })
    if (batchError) return { ok: false, error: batchError, failure: plan.failure }
    return { ok: true, result: { rows: rowsFor(plan.target, diff, standing), diff, version } }
  })
  if (attempt.ok) return attempt.result
  const { error, failure } = attempt
  const reason = error.message.replace(/\.$/, '')
  if (error.stranded > 0)
    throw new ApiError(
      502,
      `${failure}: the registrar failed part-way (${reason}) and ${error.stranded} of the changes could not be undone; the records list shows what the registrar holds now.`,
    )
  if (error.status !== null && error.status >= 400 && error.status < 500)
    throw conflict(`${failure}: ${reason}. Nothing was changed.`)
  throw new ApiError(502, `${failure}: the registrar failed (${reason}), and nothing was changed.`)
}
