import {
  RecordBatchError,
  RegistrarError,
  type ChangeOutcome,
  type RecordChange,
  type RegistrarRecordInput,
} from './types'

/** The single-record calls a registrar without a batch call offers. */
export interface RecordCalls {
  createRecord(domainName: string, record: RegistrarRecordInput): Promise<string>
  updateRecord(domainName: string, recordId: string, record: RegistrarRecordInput): Promise<void>
  deleteRecord(domainName: string, recordId: string): Promise<void>
}

async function apply(calls: RecordCalls, domainName: string, change: RecordChange): Promise<string | null> {
  switch (change.kind) {
    case 'create':
      return calls.createRecord(domainName, change.record)
    case 'update':
      await calls.updateRecord(domainName, change.id, change.record)
      return change.id
    case 'delete':
      await calls.deleteRecord(domainName, change.id)
      return null
  }
}

/** Reverses one applied change; answers the id of the record it leaves (null when none). */
async function undo(
  calls: RecordCalls,
  domainName: string,
  change: RecordChange,
  id: string | null,
): Promise<string | null> {
  switch (change.kind) {
    case 'create':
      if (id !== null) await calls.deleteRecord(domainName, id)
      return null
    case 'update':
      await calls.updateRecord(domainName, change.id, change.before)
      return change.id
    case 'delete':
      return calls.createRecord(domainName, change.before)
  }
}

/** The id a change leaves when it was never applied. */
const untouched = (change: RecordChange): string | null => (change.kind === 'create' ? null : change.id)

/**
 * Applies changes one call at a time against a registrar that has no transaction: when a call fails, the
 * calls already made are undone newest first, so the zone is as it was. An undo that fails too leaves
 * that change applied; the error's outcomes say so, and the caller records what the registrar holds.
 */
export async function applyOneByOne(
  calls: RecordCalls,
  domainName: string,
  changes: RecordChange[],
): Promise<ChangeOutcome[]> {
  const outcomes: ChangeOutcome[] = changes.map((c) => ({ applied: false, id: untouched(c) }))
  let failure: unknown = null
  for (const [index, change] of changes.entries()) {
    try {
      outcomes[index] = { applied: true, id: await apply(calls, domainName, change) }
    } catch (error) {
      failure = error
      break
    }
  }
  if (failure === null) return outcomes
  for (let index = changes.length - 1; index >= 0; index--) {
    const change = changes[index]
    const outcome = outcomes[index]
    if (!change || !outcome?.applied) continue
    try {
      outcomes[index] = { applied: false, id: await undo(calls, domainName, change, outcome.id) }
    } catch {
      // Left applied: the outcome says so and the caller records it.
    }
  }
  const reason = failure instanceof Error ? failure.message : String(failure)
  throw new RecordBatchError(reason, failure instanceof RegistrarError ? failure.status : null, outcomes)
}
