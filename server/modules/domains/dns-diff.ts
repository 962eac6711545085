import type { DnsRecordFields } from '@/contract/dns-records'
import type { DnsRecordText } from '@/contract/dns-zone'

/** A record of the set a change leads to; `rowId` ties it to the stored record it replaces (an edit). */
export interface TargetRecord extends DnsRecordFields {
  rowId?: number
  /** The zone file line it came from (imports). */
  line?: number | null
}

export interface StoredRecord extends DnsRecordFields {
  id: number
  registrarRecordId: string
}

export interface RecordDiff {
  unchanged: { row: StoredRecord; after: TargetRecord }[]
  added: TargetRecord[]
  removed: StoredRecord[]
  changed: { row: StoredRecord; after: TargetRecord }[]
}

const sameName = (a: DnsRecordFields, b: DnsRecordFields) => a.type === b.type && a.host === b.host
const sameRecord = (a: DnsRecordFields, b: DnsRecordFields) => sameName(a, b) && a.value === b.value
const sameSettings = (a: DnsRecordFields, b: DnsRecordFields) => a.ttl === b.ttl && a.priority === b.priority

export const fieldsOf = (r: DnsRecordFields): DnsRecordFields => ({
  type: r.type,
  host: r.host,
  value: r.value,
  ttl: r.ttl,
  priority: r.priority,
})

export const recordText = (r: DnsRecordFields): DnsRecordText => fieldsOf(r)

/**
 * What turns the stored records into the target set: records named by `rowId` first, then the same record
 * (type, host, value) whose TTL or priority may differ, then records of the same type and host paired in
 * order (an address that moved reads as changed, not as removed and added); the rest are added or removed.
 */
export function diffRecords(rows: readonly StoredRecord[], target: readonly TargetRecord[]): RecordDiff {
  const diff: RecordDiff = { unchanged: [], added: [], removed: [], changed: [] }
  const free = new Set(rows)
  const pending: TargetRecord[] = []
  const place = (row: StoredRecord, after: TargetRecord) => {
    free.delete(row)
    if (sameRecord(row, after) && sameSettings(row, after)) diff.unchanged.push({ row, after })
    else diff.changed.push({ row, after })
  }
  for (const record of target) {
    const row = record.rowId === undefined ? undefined : rows.find((r) => r.id === record.rowId)
    if (row && free.has(row)) place(row, record)
    else pending.push(record)
  }
  const unmatched: TargetRecord[] = []
  for (const record of pending) {
    const row = [...free].find((r) => sameRecord(r, record))
    if (row) place(row, record)
    else unmatched.push(record)
  }
  for (const record of unmatched) {
    const row = [...free].find((r) => sameName(r, record) && !target.some((t) => sameRecord(t, r)))
    if (row) place(row, record)
    else diff.added.push(record)
  }
  diff.removed = [...free]
  return diff
}

export const isEmptyDiff = (diff: RecordDiff) =>
  diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0
