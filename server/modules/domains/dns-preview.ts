import {
  checkDnsRecord,
  recordSetProblems,
  type DnsFieldProblems,
  type DnsRecordDraft,
} from '@/contract/dns-records'
import { MAX_ZONE_RECORDS, zoneMessages, type DnsChangePreview } from '@/contract/dns-zone'
import { badRequest } from '../../lib/errors'
import { describeRecord, type ChangeResult } from './dns-changes'
import { diffRecords, recordText, type RecordDiff, type StoredRecord, type TargetRecord } from './dns-diff'
import type { ZoneLineProblem } from './zone-file'

/** A whole new record set (an import or a version to restore), checked record by record and as a set. */
export interface CheckedSet {
  /** The records that passed their own rules, in order. */
  target: TargetRecord[]
  /** Problems by target record (rules between records). */
  setProblems: Map<TargetRecord, string[]>
  /** Records that failed their own rules, as given. */
  invalid: { draft: DnsRecordDraft; line: number | null; problems: string[] }[]
  notes: ZoneLineProblem[]
  errors: ZoneLineProblem[]
}

const messages = (problems: DnsFieldProblems) =>
  Object.values(problems).filter((m): m is string => Boolean(m))

export function checkSet(
  drafts: readonly (DnsRecordDraft & { line?: number | null })[],
  domainName: string,
  extra: { notes?: ZoneLineProblem[]; errors?: ZoneLineProblem[] } = {},
): CheckedSet {
  const set: CheckedSet = {
    target: [],
    setProblems: new Map(),
    invalid: [],
    notes: extra.notes ?? [],
    errors: [...(extra.errors ?? [])],
  }
  if (drafts.length > MAX_ZONE_RECORDS)
    throw badRequest(zoneMessages.tooManyRecords, { zone: [zoneMessages.tooManyRecords] })
  for (const draft of drafts) {
    const check = checkDnsRecord(draft, domainName)
    if (check.record) set.target.push({ ...check.record, line: draft.line ?? null })
    else set.invalid.push({ draft, line: draft.line ?? null, problems: messages(check.problems) })
  }
  for (const [index, problem] of recordSetProblems(set.target, domainName)) {
    const record = set.target[index]
    if (record) set.setProblems.set(record, [problem.message])
  }
  return set
}

export const isValidSet = (set: CheckedSet) =>
  set.invalid.length === 0 && set.errors.length === 0 && set.setProblems.size === 0

/** Refuses an invalid set with the problems listed by line (the preview shows them in full). */
export function requireValid(set: CheckedSet): void {
  if (isValidSet(set)) return
  const where = (line: number | null | undefined) => (line ? `Line ${line}: ` : '')
  const listed = [
    ...set.errors.map((e) => `${where(e.line)}${e.message}`),
    ...set.invalid.map((r) => `${where(r.line)}${r.problems.join(' ')}`),
    ...[...set.setProblems].map(([r, p]) => `${where(r.line)}${describeRecord(r)}: ${p.join(' ')}`),
  ]
  throw badRequest(zoneMessages.hasProblems, { zone: listed.slice(0, 50) })
}

/** The preview (or the answer once applied) of a set against the stored records. */
export function previewOf(
  set: CheckedSet,
  diff: RecordDiff,
  state: { dryRun: boolean; applied: boolean; version: number | null },
): DnsChangePreview {
  const problemsOf = (r: TargetRecord) => set.setProblems.get(r) ?? []
  // A stored record the set keeps but that breaks a rule with another shows among the errors.
  const unchangedProblems = diff.unchanged.flatMap(({ after }) =>
    problemsOf(after).map((message) => ({
      line: after.line ?? 0,
      message: `${describeRecord(after)}: ${message}`,
    })),
  )
  return {
    dry_run: state.dryRun,
    applied: state.applied,
    valid: isValidSet(set),
    version: state.version,
    added: [
      ...diff.added.map((r) => ({ record: recordText(r), line: r.line ?? null, problems: problemsOf(r) })),
      ...set.invalid.map(({ draft, line, problems }) => ({
        record: {
          type: draft.type,
          host: draft.host,
          value: draft.value,
          ttl: typeof draft.ttl === 'number' ? draft.ttl : null,
          priority: typeof draft.priority === 'number' ? draft.priority : Number(draft.priority) || null,
        },
        line,
        problems,
      })),
    ],
    removed: diff.removed.map((r) => ({ record: recordText(r) })),
    changed: diff.changed.map(({ row, after }) => ({
      before: recordText(row),
      after: recordText(after),
      line: after.line ?? null,
      problems: problemsOf(after),
    })),
    unchanged: diff.unchanged.length,
    notes: set.notes,
    errors: [...set.errors, ...unchangedProblems].sort((a, b) => a.line - b.line),
  }
}

/** The dry run: the difference between the stored records and the set, nothing applied. */
export function dryRun(set: CheckedSet, current: readonly StoredRecord[], version: number): DnsChangePreview {
  return previewOf(set, diffRecords(current, set.target), { dryRun: true, applied: false, version })
}

export function appliedPreview(set: CheckedSet, result: ChangeResult): DnsChangePreview {
  return previewOf(set, result.diff, {
    dryRun: false,
    applied: result.version !== null,
    version: result.version,
  })
}

/** "3 added, 1 removed, 2 changed" for a version's summary. */
export function diffSummary(diff: RecordDiff): string {
  const parts = [
    diff.added.length > 0 ? `${diff.added.length} added` : null,
    diff.removed.length > 0 ? `${diff.removed.length} removed` : null,
    diff.changed.length > 0 ? `${diff.changed.length} changed` : null,
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : 'no change'
}
